// The relevance judgements (docs/decisions/0044): queries a visitor types, each with the results a
// person would pick first. relevance.test.ts runs them on both engines: the expected first result
// must come first for at least RELEVANCE_FIRST_SHARE of them, and within the first three for all.
// Add the queries the console's "no result" list turns up.

export const RELEVANCE_FIRST_SHARE = 0.9;

export interface Judgement {
  q: string;
  group: "products" | "answers";
  /** The best results, any of which may come first: skus, or answer ids ("faq:…", "section:/path#anchor"). */
  best: readonly string[];
}

const faq = (id: string) => `faq:${id}`;
const section = (path: string, anchor: string) => `section:${path}#${anchor}`;

export const JUDGEMENTS: readonly Judgement[] = [
  // Products by name, SKU and partial or misspelt words.
  { q: "ro600", group: "products", best: ["LW-RO600"] },
  { q: "ro 600", group: "products", best: ["LW-RO600"] },
  { q: "RO600 purifier", group: "products", best: ["LW-RO600"] },
  { q: "water purifier", group: "products", best: ["LW-RO600"] },
  { q: "purifer", group: "products", best: ["LW-RO600"] },
  { q: "reverse osmosis", group: "products", best: ["LW-RO600", "LW-F2-RO"] },
  { q: "countertop purifier", group: "products", best: ["LW-RO600"] },
  { q: "LW-RO600", group: "products", best: ["LW-RO600"] },
  { q: "ro membrane", group: "products", best: ["LW-F2-RO"] },
  { q: "membrane", group: "products", best: ["LW-F2-RO"] },
  { q: "membrane filter", group: "products", best: ["LW-F2-RO"] },
  { q: "prefilter", group: "products", best: ["LW-F1-PP"] },
  { q: "pre-filter", group: "products", best: ["LW-F1-PP"] },
  { q: "pre filter", group: "products", best: ["LW-F1-PP"] },
  { q: "sediment filter", group: "products", best: ["LW-F1-PP"] },
  { q: "post carbon", group: "products", best: ["LW-F3-PC"] },
  { q: "carbon cartridge", group: "products", best: ["LW-F3-PC", "LW-F1-PP"] },
  { q: "replacement filter", group: "products", best: ["LW-F1-PP", "LW-F2-RO", "LW-F3-PC", "LW-FSET-Y1"] },
  { q: "filter set", group: "products", best: ["LW-FSET-Y1"] },
  { q: "filter bundle first year", group: "products", best: ["LW-FSET-Y1"] },
  { q: "tds pen", group: "products", best: ["LW-ACC-TDS"] },
  { q: "tds meter", group: "products", best: ["LW-ACC-TDS"] },
  { q: "water quality tester", group: "products", best: ["LW-ACC-TDS"] },
  { q: "faucet", group: "products", best: ["LW-ACC-FAUCET"] },
  { q: "fawcet", group: "products", best: ["LW-ACC-FAUCET"] },
  { q: "carafe", group: "products", best: ["LW-ACC-CARAFE"] },
  { q: "glass jug", group: "products", best: ["LW-ACC-CARAFE"] },
  { q: "membership", group: "products", best: ["LW-MEM-M", "LW-MEM-Y"] },
  { q: "yearly membership", group: "products", best: ["LW-MEM-Y"] },
  { q: "monthly plan", group: "products", best: ["LW-MEM-M"] },
  { q: "subscription", group: "products", best: ["LW-MEM-M", "LW-MEM-Y"] },
  { q: "lenwell care", group: "products", best: ["LW-CARE-2Y"] },
  { q: "extended warranty", group: "products", best: ["LW-CARE-2Y"] },
  { q: "repair", group: "products", best: ["LW-REPAIR-DX"] },
  { q: "diagnosis", group: "products", best: ["LW-REPAIR-DX"] },
  // Answers: questions, policies and pages.
  { q: "how often change filter", group: "answers", best: [faq("how-often-filters")] },
  { q: "how often do I change the filters", group: "answers", best: [faq("how-often-filters")] },
  { q: "filter life", group: "answers", best: [faq("how-often-filters")] },
  { q: "return policy", group: "answers", best: [section("/about/policy", "returns"), faq("returns")] },
  { q: "returns", group: "answers", best: [section("/about/policy", "returns"), faq("returns")] },
  { q: "refund", group: "answers", best: [section("/about/policy", "returns"), faq("returns")] },
  { q: "shipping cost", group: "answers", best: [faq("shipping-time"), section("/about/policy", "shipping")] },
  { q: "free shipping", group: "answers", best: [faq("shipping-time"), section("/about/policy", "shipping")] },
  { q: "do you ship to canada", group: "answers", best: [faq("where-we-ship"), section("/about/policy", "shipping")] },
  { q: "cancel membership", group: "answers", best: [faq("cancel-membership"), section("/waterpurifier/subscriptionplan", "billing")] },
  { q: "install plumber", group: "answers", best: [faq("install-without-plumber")] },
  { q: "tds reading", group: "answers", best: [faq("tds-readings")] },
  { q: "waste water", group: "answers", best: [faq("waste-water")] },
  { q: "warranty", group: "answers", best: [section("/about/policy", "warranty"), faq("warranty-or-care")] },
  { q: "privacy", group: "answers", best: [section("/about/policy", "privacy")] },
  { q: "cookies", group: "answers", best: [section("/about/policy", "privacy")] },
  { q: "how to pay", group: "answers", best: [faq("how-to-pay")] },
  { q: "repair my purifier", group: "answers", best: [faq("repair"), section("/repair", "start-repair"), section("/repair", "process")] },
  { q: "what does lenwell care cover", group: "answers", best: [section("/lenwellcare", "coverage"), faq("warranty-or-care")] },
  {
    q: "membership benefits",
    group: "answers",
    best: [faq("membership-benefits"), section("/waterpurifier/subscriptionplan", "benefits")],
  },
  { q: "sales tax", group: "answers", best: [section("/about/policy", "terms"), faq("where-we-ship")] },
  { q: "fill the tank", group: "answers", best: [faq("fill-the-tank")] },
];
