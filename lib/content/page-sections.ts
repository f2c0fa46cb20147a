import { ROUTES } from "@/lib/config/routes";

// The sections of the policy, membership, care plan and repair pages that site search finds
// (lib/server/search). Each names its anchor on the page and quotes the page's own words; a test
// (page-sections.test.ts) holds every anchor and every quote to the page's source, so a page
// rewritten without this list fails the tests instead of sending searches to text that is gone.

export interface PageSection {
  /** The page's name as a search hit shows it. */
  page: "Policy" | "Membership" | "Lenwell Care" | "Repair";
  path: string;
  /** The id of the section on the page. */
  anchor: string;
  title: string;
  /** Sentences of the section, word for word as the page's source has them. */
  quotes: readonly string[];
}

/** Where each page's source is, for the test that checks the quotes. */
export const PAGE_SOURCES: Record<PageSection["page"], string> = {
  Policy: "app/(shop)/about/policy/page.tsx",
  Membership: "app/(shop)/waterpurifier/subscriptionplan/page.tsx",
  "Lenwell Care": "app/(shop)/lenwellcare/page.tsx",
  Repair: "app/(shop)/repair/page.tsx",
};

export const PAGE_SECTIONS: readonly PageSection[] = [
  {
    page: "Policy",
    path: ROUTES.policy,
    anchor: "privacy",
    title: "Privacy policy",
    quotes: [
      "We keep what we need to sell you a purifier, ship it and look after it, and nothing else.",
      "Your account: e-mail address, name and phone number.",
      "We use no advertising cookies or trackers, and no third-party analytics that follow you across sites.",
      "Card payments are handled by our payment provider.",
    ],
  },
  {
    page: "Policy",
    path: ROUTES.policy,
    anchor: "terms",
    title: "Terms of sale",
    quotes: [
      "Sales tax depends on the delivery state and is calculated at checkout, on the payment page, before you pay.",
      "Placing an order is an offer to buy.",
      "Orders left unpaid are cancelled automatically after a short time. You can cancel an order yourself until it ships; a paid order is refunded.",
      "renews automatically, every month or every year depending on the plan, and is charged to the payment method you joined with until you cancel.",
    ],
  },
  {
    page: "Policy",
    path: ROUTES.policy,
    anchor: "shipping",
    title: "Shipping policy",
    quotes: [
      "We ship to addresses in the United States with UPS. Choose the service at checkout; the estimated delivery date is shown there, counted in business days from dispatch.",
      "When your order ships, its tracking number appears on the order in your account.",
    ],
  },
  {
    page: "Policy",
    path: ROUTES.policy,
    anchor: "returns",
    title: "Return policy",
    quotes: [
      "days of delivery for a refund.",
      "The purifier, complete and in its original packaging.",
      "Filters and cartridges that are unopened, still sealed in their packaging.",
      "Enter the tracking number on the request so we can follow the parcel.",
      "Once the items arrive and we have checked them, we refund the original payment method.",
    ],
  },
  {
    page: "Policy",
    path: ROUTES.policy,
    anchor: "warranty",
    title: "One-year limited warranty",
    quotes: [
      "purifier comes with a one-year limited warranty from the date of delivery.",
      "Filters and cartridges, which wear out in normal use.",
      "Damage from accidents, drops, spills, or from being used against its instructions.",
    ],
  },
  {
    page: "Membership",
    path: ROUTES.membership,
    anchor: "plans",
    title: "Membership plans: monthly or yearly",
    quotes: ["Both plans include exactly the same benefits.", "Pick the billing that suits you."],
  },
  {
    page: "Membership",
    path: ROUTES.membership,
    anchor: "benefits",
    title: "Membership benefits: what members get",
    quotes: [
      "We ship each replacement cartridge ahead of its change date: the pre-filter, the post-carbon cartridge and, every two years, the RO membrane.",
      "Every order you place while you are a member ships free by UPS Ground, whatever its size.",
      "Member prices apply across the Lenwell store, on accessories and extra filters as well as on the cartridges in your schedule.",
    ],
  },
  {
    page: "Membership",
    path: ROUTES.membership,
    anchor: "billing",
    title: "How membership billing and cancelling work",
    quotes: [
      "Your membership renews automatically at the end of each period, charged to the card you joined with (or another you choose), until you cancel.",
      "is charged each month to the card you joined with. If you cancel, the membership stays active until the end of the month you have paid for, then stops.",
    ],
  },
  {
    page: "Membership",
    path: ROUTES.membership,
    anchor: "who",
    title: "Membership is made for RO600 owners",
    quotes: ["Membership follows the filter schedule of the Lenwell RO600 countertop purifier."],
  },
  {
    page: "Lenwell Care",
    path: ROUTES.care,
    anchor: "coverage",
    title: "What Lenwell Care covers",
    quotes: [
      "Repairs when the purifier stops working as it should: pump, power supply, display, valves, sensors or leaks.",
      "Shipping both ways: we send you a prepaid label and ship the repaired purifier back.",
      "Accidental damage, such as drops, cracks or spilled liquids.",
    ],
  },
  {
    page: "Lenwell Care",
    path: ROUTES.care,
    anchor: "claims",
    title: "How a Lenwell Care claim works",
    quotes: [
      "Once we approve the request, we e-mail you a prepaid shipping label. Pack the purifier with its tank empty and drop it off.",
      "Our technicians repair it at the service centre in Houston and ship it back to you.",
    ],
  },
  {
    page: "Lenwell Care",
    path: ROUTES.care,
    anchor: "price",
    title: "Who can buy Lenwell Care",
    quotes: [
      "Each plan covers one device. If you have two purifiers, each needs its own plan.",
      "No monthly fee, and nothing to pay when we repair a covered fault.",
    ],
  },
  {
    page: "Lenwell Care",
    path: ROUTES.care,
    anchor: "warranty",
    title: "Lenwell Care and the standard warranty",
    quotes: ["Every RO600 comes with a one-year limited warranty from delivery, which covers defects in materials and workmanship."],
  },
  {
    page: "Repair",
    path: ROUTES.repair,
    anchor: "what-we-repair",
    title: "What can be repaired",
    quotes: ["Most faults in a countertop purifier come down to a handful of parts."],
  },
  {
    page: "Repair",
    path: ROUTES.repair,
    anchor: "process",
    title: "How a mail-in repair works",
    quotes: [
      "Empty the tank, pack the purifier well (the original box is best) and send it to our Houston service centre.",
      "A technician tests the purifier and sends you a fixed quote within 2 business days of its arrival.",
    ],
  },
  {
    page: "Repair",
    path: ROUTES.repair,
    anchor: "cost",
    title: "Repair cost and turnaround",
    quotes: [
      "Every repair carries a 90-day warranty on the work done and the parts fitted.",
      "Most repairs are shipped back within 5 business days after you approve.",
    ],
  },
  {
    page: "Repair",
    path: ROUTES.repair,
    anchor: "start-repair",
    title: "How to start a repair request",
    quotes: ["Tell us what the purifier is doing. Often a filter change or a quick check fixes it without a repair."],
  },
];
