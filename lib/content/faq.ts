import { RETURN_WINDOW_DAYS } from "@/lib/config/after-sale";
import { ROUTES, productPath } from "@/lib/config/routes";

// The FAQ's questions and answers: the page (app/(shop)/about/faq) renders them, and site search
// indexes them (lib/server/search), so a search finds exactly the words the page shows. Prices
// come from the catalogue when the page renders; the index takes the answers without them.

export interface FaqItem {
  /** The entry's anchor on the FAQ page: a search hit links to /about/faq#<id>. */
  id: string;
  question: string;
  /** Plain text, so the same words can go into the FAQPage structured data. */
  answer: string;
  /** An optional in-site link shown under the answer (not part of the structured data). */
  link?: { href: string; label: string } | undefined;
}

export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

/** What the answers say from the live catalogue, when the page has it ("$35.90"). */
export interface FaqLiveFacts {
  tank?: string;
  membershipPrices?: { monthly: string; yearly: string } | null;
  carePrice?: string | null;
  diagnosisPrice?: string | null;
  tdsPenSku?: string | null;
}

export function faqGroups(live: FaqLiveFacts = {}): FaqGroup[] {
  return [
    {
      id: "setup",
      title: "Setting up and using the purifier",
      items: [
        {
          id: "install-without-plumber",
          question: "Do I need a plumber to install the RO600?",
          answer:
            "No. The RO600 is a countertop purifier and does not connect to your pipes. Put it on a level counter near a power outlet, fill the tank with tap water, plug it in and it is ready. There is nothing to drill and nothing to undo when you move.",
          link: { href: `${ROUTES.purifier}#installation`, label: "Installation on the RO600 page" },
        },
        {
          id: "fill-the-tank",
          question: "How do I fill the tank?",
          answer: `Take the tap-water tank out of the purifier${live.tank ? ` (${live.tank})` : ""}, fill it with cold tap water at the sink and set it back. Use cold drinking water from the tap only: no hot water and no other liquids.`,
        },
        {
          id: "waste-water",
          question: "Why does a reverse-osmosis purifier produce waste water?",
          answer:
            "Every reverse-osmosis system splits the water into two streams. Part of it passes through the membrane as filtered water; the rest carries away the dissolved solids the membrane held back, so they don't build up and clog it. How much goes each way depends on your tap water, its temperature and the age of the membrane, so the ratio varies from home to home.",
        },
        {
          id: "display",
          question: "What does the display show?",
          answer:
            "The display shows a water-quality reading (TDS) for the filtered water and tells you when a filter is due for a change, so you don't need to keep track of dates yourself.",
        },
        {
          id: "tds-readings",
          question: "What do the TDS readings mean?",
          answer:
            "TDS stands for total dissolved solids: the salts, minerals and metals dissolved in water, measured in parts per million (ppm). Reverse osmosis lowers it, so the filtered water reads well below your tap water. The reading moves a little with your tap water and temperature. If it rises and stays up, the RO membrane is probably due for a change. A TDS tester pen lets you compare tap and filtered water yourself.",
          link: live.tdsPenSku ? { href: productPath(live.tdsPenSku), label: "TDS tester pen in the store" } : undefined,
        },
      ],
    },
    {
      id: "filters-membership",
      title: "Filters and membership",
      items: [
        {
          id: "how-often-filters",
          question: "How often do I change the filters?",
          answer:
            "Stage 1, the composite pre-filter, about every 6 months. Stage 2, the RO membrane, about every 24 months. Stage 3, the post-carbon cartridge, about every 12 months. Each cartridge also has a rated volume, and the display tells you when one is due.",
          link: { href: `${ROUTES.purifier}#filters`, label: "Filter life and replacement filters" },
        },
        {
          id: "membership-benefits",
          question: "What do I get with Lenwell Membership?",
          answer: `Members get each replacement filter shipped before it is due, free UPS Ground shipping on every order and member prices across the store.${live.membershipPrices ? ` It costs ${live.membershipPrices.monthly} a month or ${live.membershipPrices.yearly} a year.` : ""}`,
          link: { href: ROUTES.membership, label: "Compare the membership plans" },
        },
        {
          id: "cancel-membership",
          question: "How do I cancel my membership?",
          answer:
            "Cancel from your account at any time, with no fee. A monthly membership stays active until the end of the month you have paid for. A yearly membership ends the day you cancel, and we refund the full months left of the year you paid for.",
        },
      ],
    },
    {
      id: "orders",
      title: "Orders, shipping and returns",
      items: [
        {
          id: "shipping-time",
          question: "How long does shipping take, what does it cost, and when is it free?",
          answer:
            "We ship with UPS: Ground in about 3 business days for $11.90, 2nd Day Air in 2 business days for $22.90 and Next Day Air in 1 business day for $33.90. UPS Ground is free to the United States on orders over $37, and always free for members.",
          link: { href: `${ROUTES.policy}#shipping`, label: "Shipping policy" },
        },
        {
          id: "where-we-ship",
          question: "Where do you ship?",
          answer:
            "We ship to addresses in the United States only, and all prices are in US dollars. Sales tax for your state is calculated at checkout.",
        },
        {
          id: "how-to-pay",
          question: "How can I pay?",
          answer:
            "After checkout you pay by card on our secure payment page. Card details are handled by our payment provider and are never stored in full by Lenwell. Taxes are calculated on the payment page before you pay.",
        },
        {
          id: "returns",
          question: "Can I return something?",
          answer: `Yes, within ${RETURN_WINDOW_DAYS} days of delivery. Filters must be unopened, and the purifier must be complete and in its original packaging. Start a return as an after-sale service request from the order in your account; once the items arrive and are checked, we refund the original payment method.`,
          link: { href: `${ROUTES.policy}#returns`, label: "Returns policy" },
        },
      ],
    },
    {
      id: "warranty-repairs",
      title: "Warranty, Lenwell Care and repairs",
      items: [
        {
          id: "warranty-or-care",
          question: "What is the difference between the warranty and Lenwell Care?",
          answer: `Every purifier has a one-year limited warranty from delivery that covers defects in materials and workmanship. Lenwell Care is an optional plan that protects one Lenwell purifier for two years from purchase of the plan, including repairs, parts, labour and shipping both ways.${live.carePrice ? ` It costs ${live.carePrice}, paid once.` : ""} Neither covers filters, accidental damage or misuse.`,
          link: { href: ROUTES.care, label: "What Lenwell Care covers" },
        },
        {
          id: "repair",
          question: "My purifier needs a repair. What do I do?",
          answer: `If it is under warranty or Lenwell Care, start an after-sale service request from the order in your account; covered repairs cost you nothing. Otherwise, book a repair diagnosis and send the purifier to our Houston service centre.${live.diagnosisPrice ? ` The diagnosis costs ${live.diagnosisPrice}, and` : " The diagnosis fee"} is credited against the repair if you go ahead. You get a quote within 2 business days of arrival, most repairs ship back within 5 business days of your approval, and each repair has a 90-day warranty.`,
          link: { href: `${ROUTES.repair}#start-repair`, label: "How to start a repair request" },
        },
      ],
    },
  ];
}
