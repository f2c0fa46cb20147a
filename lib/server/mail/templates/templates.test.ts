// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import type { Order } from "@/lib/schemas/order";
import { orderView } from "@/test/support/order-view";
import type { MailDraft } from "../render";

// Every e-mail of the shop, rendered as it is queued: an HTML part and a plain-text part that say
// the same thing, in the names the site uses, with every link absolute on SITE_URL.

vi.stubEnv("SITE_URL", "https://shop.example");
const { renderMail } = await import("../render");
const account = await import("./account");
const orders = await import("./orders");
const afterSale = await import("./after-sale");
const plans = await import("./memberships");
const filters = await import("./filters");
const purifiers = await import("./purifiers");
const { RETURN_ADDRESS } = await import("@/lib/config/after-sale");

const ORDER_ID = "5e461c55-5d5c-4a8e-9b1a-0c2d3e4f5a6b";
const REQUEST_ID = "9f1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d";
const TO = "ana@example.com";
const LINK = "https://shop.example/account/register?link=abc.def-123";

const order: Order = orderView({
  orderId: ORDER_ID,
  status: "paid",
  createdAt: "2026-11-23T15:00:00.000Z",
  expiresAt: null,
  items: [
    {
      skuNum: "LW-RO600",
      name: "Lenwell RO600",
      image: [],
      attributes: "White",
      spec: [],
      quantity: 2,
      originalPrice: "29.00",
      discountPrice: "25.00",
      stock: 10,
    },
  ],
  subTotal: "50.00",
  shippingFee: "7.50",
  tax: "4.12",
  total: "61.62",
  shippingAddress: { fullName: "Ana Diaz", line1: "1200 Main St", city: "Houston", state: "TX", zip: "77002" },
  shippingMethod: "ups_2nd_day_air",
  shippingOptions: [],
  paidAt: "2026-11-23T15:05:00.000Z",
  canPay: false,
  paymentReceived: true,
});

const member = { to: TO, name: "Ana", planName: "Lenwell Membership, monthly" };
const PRE_FILTER = { sku: "LW-F1-PP", name: "Composite pre-filter (PP + carbon)" };
const POST_CARBON = { sku: "LW-F3-PC", name: "Post-carbon taste cartridge" };
const HOME = { fullName: "Ana Diaz", line1: "1200 Main St", city: "Houston", state: "TX" as const, zip: "77002" };
const UNSUBSCRIBE = "https://shop.example/reminders/unsubscribe?token=abc.def";

const facts = { afterSaleId: REQUEST_ID, type: "return" as const, name: "Lenwell RO600", quantity: 1 };

interface Case {
  draft: MailDraft;
  subject: string;
  /** What the reader must find, in both parts. */
  says: string[];
}

const CASES: Record<string, Case> = {
  verification: {
    draft: account.verificationCodeMail(TO, "123456", LINK),
    subject: "123456 is your Lenwell verification code",
    says: ["Your Lenwell verification code is: 123456", "within 10 minutes", LINK],
  },
  reset: {
    draft: account.resetCodeMail(TO, "654321", LINK),
    subject: "654321 is your Lenwell password reset code",
    says: ["Your Lenwell password reset code is: 654321", "every device signed in to your account is signed out", LINK],
  },
  alreadyRegistered: {
    draft: account.alreadyRegisteredMail(TO),
    subject: "You already have a Lenwell account",
    says: ["it already has an account", "https://shop.example/account/login"],
  },
  noAccount: {
    draft: account.noAccountResetMail(TO),
    subject: "Lenwell password reset: no account for this address",
    says: ["it has no Lenwell account", "https://shop.example/account/register"],
  },
  welcome: {
    draft: account.welcomeMail(TO, "Ana"),
    subject: "Welcome to Lenwell",
    says: ["Hello Ana,", "Your Lenwell account is ready.", "https://shop.example/account/user"],
  },
  signInLink: {
    draft: account.signInLinkMail(TO, "https://shop.example/account/login?step=xyz", 1440),
    subject: "Your Lenwell sign-in link",
    says: ["wrong password", "The link works for 24 hours", "https://shop.example/account/login?step=xyz"],
  },
  orderConfirmed: {
    draft: orders.orderConfirmationMail(TO, "Ana", order, "2026-11-25"),
    subject: "Your Lenwell order is confirmed",
    says: [
      "Hello Ana,",
      "preparing order #5E461C55",
      "2 × Lenwell RO600 (White): $25.00 each",
      "Subtotal: $50.00",
      "Shipping: $7.50",
      "Sales tax: $4.12",
      "Total paid: $61.62",
      "1200 Main St",
      "Houston, TX 77002",
      "UPS 2nd Day Air, estimated delivery Wed, Nov 25.",
      `https://shop.example/account/orders/${ORDER_ID}`,
    ],
  },
  orderConfirmedNothingToShip: {
    draft: orders.orderConfirmationMail(
      TO,
      "Ana",
      { ...order, shippingMethod: null, shippingAddress: null, shippingFee: "0.00", tax: "0.00", total: "50.00" },
      null,
    ),
    subject: "Your Lenwell order is confirmed",
    says: [
      "Shipping: None",
      "Total paid: $50.00",
      "No shipping (nothing to ship): this order holds plans and services only, so no parcel is sent for it.",
    ],
  },
  orderShipped: {
    draft: orders.orderShippedMail(TO, ORDER_ID, "UPS", "1Z999AA10123456784"),
    subject: "Your Lenwell order has shipped",
    says: ["Your order #5E461C55 is on its way.", "Carrier: UPS", "Tracking number: 1Z999AA10123456784", `/account/orders/${ORDER_ID}`],
  },
  orderCancelledPaid: {
    draft: orders.orderCancelledMail(TO, ORDER_ID, 6162),
    subject: "Your Lenwell order was cancelled",
    says: ["Your order #5E461C55 was cancelled.", "We refunded $61.62 to the card you paid with."],
  },
  orderCancelledUnpaid: {
    draft: orders.orderCancelledMail(TO, ORDER_ID, 0),
    subject: "Your Lenwell order was cancelled",
    says: ["Your order #5E461C55 was cancelled.", "nothing was charged"],
  },
  afterSaleReceived: {
    draft: afterSale.afterSaleReceivedMail(TO, facts),
    subject: "Your Lenwell return request was received",
    says: ["Return of 1 × Lenwell RO600 (request #9F1B2C3D).", "review it shortly", `/account/after-sale/${REQUEST_ID}`],
  },
  afterSaleApproved: {
    draft: afterSale.afterSaleApprovedMail(TO, facts, RETURN_ADDRESS),
    subject: "Your Lenwell return request was approved",
    says: ["Request #9F1B2C3D: approved", RETURN_ADDRESS, "Write the request number #9F1B2C3D on the parcel"],
  },
  afterSaleRejected: {
    draft: afterSale.afterSaleRejectedMail(TO, facts, "Outside the warranty period."),
    subject: "Your Lenwell return request was declined",
    says: ["Reason: Outside the warranty period."],
  },
  purifierVerified: {
    draft: purifiers.purifierVerifiedMail(TO, "RO-5E461C55"),
    subject: "Your Lenwell purifier is verified",
    says: ["We checked the proof of purchase of your purifier (serial RO-5E461C55).", "https://shop.example/mart/detail/LW-CARE-2Y"],
  },
  purifierRejected: {
    draft: purifiers.purifierRejectedMail(TO, "RO-5E461C55", "The receipt names another product."),
    subject: "We could not verify your Lenwell purifier",
    says: ["Reason: The receipt names another product.", "attach another proof of purchase", "https://shop.example/account/purifiers"],
  },
  afterSaleGoodsReceived: {
    draft: afterSale.afterSaleGoodsReceivedMail(TO, facts),
    subject: "Your Lenwell return request: goods received",
    says: ["have arrived at our service centre"],
  },
  afterSaleRefund: {
    draft: afterSale.afterSaleRefundMail(TO, facts, 6162),
    subject: "Your Lenwell return request: refund issued",
    says: ["We refunded $61.62 to the card you paid with."],
  },
  afterSaleCompleted: {
    draft: afterSale.afterSaleCompletedMail(TO, { ...facts, type: "repair" }),
    subject: "Your Lenwell repair request is complete",
    says: ["Repair of 1 × Lenwell RO600 (request #9F1B2C3D).", "Your request is complete."],
  },
  renewalNotice: {
    draft: plans.renewalNoticeMail(member, new Date("2028-03-01T18:00:00Z"), 12_900, "Visa •••• 4242"),
    subject: "Your Lenwell membership renews on Mar 1, 2028",
    says: ["We will charge $129.00 to Visa •••• 4242 for the next year.", "https://shop.example/account/user"],
  },
  renewalReceipt: {
    draft: plans.renewalReceiptMail(member, ORDER_ID, 1290, "Visa •••• 4242", new Date("2028-03-31T18:00:00Z")),
    subject: "Receipt: your Lenwell membership is renewed",
    says: [
      "We charged $12.90 to Visa •••• 4242",
      "It now runs until Mar 31, 2028",
      "Order #5E461C55",
      `https://shop.example/account/orders/${ORDER_ID}`,
    ],
  },
  renewalFailed: {
    draft: plans.renewalFailedMail(member, "Your card was declined.", new Date("2028-03-01T18:00:00Z")),
    subject: "Your Lenwell membership could not be renewed",
    says: [
      "the payment did not go through: Your card was declined.",
      "We will try again on Mar 1, 2028.",
      "https://shop.example/account/user",
    ],
  },
  membershipLapsed: {
    draft: plans.membershipLapsedMail(member, "Your card was declined."),
    subject: "Your Lenwell membership has ended",
    says: ["Your membership has now ended, and nothing more will be charged."],
  },
  monthlyCancelled: {
    draft: plans.membershipCancelledMail(member, { mode: "at_period_end", activeUntil: new Date("2028-02-29T18:00:00Z") }, false),
    subject: "Your Lenwell membership is cancelled",
    says: ["You cancelled your Lenwell Membership, monthly.", "Your membership stays active until Feb 29, 2028, then stops."],
  },
  yearlyCancelled: {
    draft: plans.membershipCancelledMail(member, { mode: "now", refundCents: 9675, unusedMonths: 9, card: "Visa •••• 4242" }, true),
    subject: "Your Lenwell membership is cancelled",
    says: [
      "Lenwell cancelled your Lenwell Membership, monthly at your request.",
      "We refunded $96.75 for 9 full months you had not used to Visa •••• 4242",
    ],
  },
  careEnding: {
    draft: plans.careEndingMail({ ...member, planName: "Lenwell Care, 2-year protection" }, new Date("2028-08-15T17:00:00Z"), {
      url: UNSUBSCRIBE,
      headers: { "List-Unsubscribe": "<https://shop.example/api/v1/c/reminders/unsubscribe?token=abc.def>" },
    }),
    subject: "Your Lenwell Care plan ends on Aug 15, 2028",
    says: ["covers your purifier until Aug 15, 2028", "https://shop.example/lenwellcare", "To stop them, unsubscribe here:", UNSUBSCRIBE],
  },
  filterOrder: {
    draft: filters.filterOrderMail(TO, "Ana", {
      orderId: ORDER_ID,
      serial: "RO6-12345",
      filters: [PRE_FILTER, POST_CARBON],
      dueOn: "2027-01-15",
      overdue: false,
      address: HOME,
    }),
    subject: "Your Composite pre-filter (PP + carbon) and Post-carbon taste cartridge ship before they are due on Jan 15, 2027",
    says: [
      "Hello Ana,",
      "your purifier (serial RO6-12345) before they are due on Jan 15, 2027, in order #5E461C55",
      "1 × Composite pre-filter (PP + carbon)",
      "1 × Post-carbon taste cartridge",
      "There is nothing to pay, and it ships free by UPS Ground.",
      "Houston, TX 77002",
      `https://shop.example/account/orders/${ORDER_ID}`,
    ],
  },
  filterOrderOverdue: {
    draft: filters.filterOrderMail(TO, null, {
      orderId: ORDER_ID,
      serial: null,
      filters: [PRE_FILTER],
      dueOn: "2025-09-10",
      overdue: true,
      address: HOME,
    }),
    subject: "Your Composite pre-filter (PP + carbon) is on the way (due since Sep 10, 2025)",
    says: ["Hello,", "the filter for your purifier due since Sep 10, 2025, in order #5E461C55"],
  },
  filterAddressNeeded: {
    draft: filters.filterAddressNeededMail(TO, "Ana", { serial: null, filters: [PRE_FILTER], dueOn: "2026-09-10" }),
    subject: "Add your address so we can ship your Lenwell filters",
    says: [
      "ships the Composite pre-filter (PP + carbon) for your purifier before it is due on Sep 10, 2026",
      "no address to ship to",
      "https://shop.example/account/user",
    ],
  },
  filterReminder: {
    draft: filters.filterReminderMail(TO, "Ana", {
      serial: "RO6-12345",
      filters: [PRE_FILTER],
      dueOn: "2026-09-10",
      unsubscribeUrl: UNSUBSCRIBE,
    }),
    subject: "Your Composite pre-filter (PP + carbon) is due on Sep 10, 2026",
    says: [
      "reaches the end of its life on Sep 10, 2026",
      "Order this filter",
      "https://shop.example/mart/detail/LW-F1-PP",
      "https://shop.example/waterpurifier/subscriptionplan",
      "To stop them, unsubscribe here:",
      UNSUBSCRIBE,
    ],
  },
  filterReminderTwoStages: {
    draft: filters.filterReminderMail(TO, null, {
      serial: null,
      filters: [PRE_FILTER, POST_CARBON],
      dueOn: "2027-01-15",
      unsubscribeUrl: UNSUBSCRIBE,
    }),
    subject: "Your Composite pre-filter (PP + carbon) and Post-carbon taste cartridge are due on Jan 15, 2027",
    says: ["Order this filter: Post-carbon taste cartridge", "https://shop.example/mart/detail/LW-F3-PC", UNSUBSCRIBE],
  },
};

// Values the site never shows a customer: API enum values and raw ids outside links.
const RAW_VALUES = [
  /ups_ground|ups_2nd_day_air|ups_next_day_air/,
  /pending_review|pending_payment|after_sale/,
  /[0-9a-f]{8}-[0-9a-f]{4}-/i,
  /\b5e461c55\b|\b9f1b2c3d\b/,
  /\b\d+\.\d{2}\b(?<!\$\d+\.\d{2})/,
];

function withoutUrls(text: string): string {
  return text.replace(/https?:\/\/\S+/g, "<url>");
}

function decodeEntities(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/** The words of the HTML part as a reader sees them (tags and link targets left out). */
function visibleHtmlText(html: string): string {
  // React separates neighbouring text with empty comments; they are not spaces.
  const markup = html.replace(/<head>[\s\S]*?<\/head>/, "").replace(/<!--[\s\S]*?-->/g, "");
  return decodeEntities(markup.replace(/<\/?(?:span|strong|a|b|i|em)\b[^>]*>/g, "").replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

describe.each(Object.entries(CASES))("the %s e-mail", (_, { draft, subject, says }) => {
  it("renders HTML and plain text that say the same thing, in the site's names", async () => {
    const mail = await renderMail(draft);
    expect(mail.to).toBe(TO);
    expect(mail.subject).toBe(subject);
    const html = mail.html ?? "";
    const text = mail.text;
    const seen = visibleHtmlText(html);
    for (const words of says) {
      expect(text).toContain(words);
      // A link is in the HTML as a link target; words are in what the reader sees.
      if (/^(https?:\/\/|\/)/.test(words)) expect(html).toContain(words.replace(/&/g, "&amp;"));
      else expect(seen).toContain(words.replace(/\s+/g, " "));
    }
    for (const raw of RAW_VALUES) {
      expect(withoutUrls(text)).not.toMatch(raw);
      expect(withoutUrls(seen)).not.toMatch(raw);
      expect(mail.subject).not.toMatch(raw);
    }
  });

  it("is accessible and self-contained: a language, a title, no images, every link absolute on SITE_URL", async () => {
    const { html = "", text } = await renderMail(draft);
    expect(html).toMatch(/<html[^>]* lang="en"/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).not.toMatch(/<img\b/i);
    expect(html).not.toMatch(/url\(/i);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => decodeEntities(match[1] ?? ""));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href.startsWith("https://shop.example/"), href).toBe(true);
    for (const url of text.match(/https?:\/\/\S+/g) ?? []) expect(url.startsWith("https://shop.example/"), url).toBe(true);
    // No markup leaks into the text part, and it reads without HTML-only leftovers.
    expect(text).not.toMatch(/<[a-z/][^>]*>|&[a-z]+;/i);
  });
});

describe("the template catalogue (lanes.ts)", () => {
  it("has each secret-bearing e-mail say when what it carries expires, and no other", async () => {
    const { MAIL_TEMPLATES } = await import("../lanes");
    const drafts = Object.values(CASES).map((entry) => entry.draft);
    for (const draft of drafts)
      expect([draft.template, draft.expiresAt !== undefined]).toEqual([draft.template, MAIL_TEMPLATES[draft.template].secret]);
  });

  it("puts the codes, the answers to a code request and the sign-in link in the urgent lane, and only those", async () => {
    const { MAIL_TEMPLATES } = await import("../lanes");
    const urgent = Object.entries(MAIL_TEMPLATES).filter(([, kind]) => kind.lane === "urgent");
    expect(urgent.map(([name]) => name).sort()).toEqual([
      "already-registered",
      "no-account-reset",
      "reset-code",
      "sign-in-link",
      "verification-code",
    ]);
    expect(
      urgent
        .filter(([, kind]) => kind.secret)
        .map(([name]) => name)
        .sort(),
    ).toEqual(["reset-code", "sign-in-link", "verification-code"]);
  });
});
