// The demo catalogue the shop ships with. An operator replaces this file's
// content, not code. Prices are integer cents; skus are stable identifiers.

import type { ProductCategory, ProductSpecRow } from "../schema/products";

export type Category = ProductCategory;
export type SpecRow = ProductSpecRow;

export interface CatalogueEntry {
  skuNum: string;
  category: Category;
  name: string;
  subtitle: string;
  image: string[];
  attributes: string;
  spec: SpecRow[];
  originalPriceCents: number;
  discountPriceCents: number;
  stock: number;
  description: string;
  /** Membership and care plans: how long one unit lasts once paid. */
  planMonths?: number;
  /** What members pay instead of the discount price. */
  memberPriceCents?: number;
  /** Replacement cartridges: the purifier stage they fill and their rated life. */
  filter?: { stage: number; lifeMonths: number };
}

/** The demo's member price: 15 % off the discount price, to the cent. */
const memberPrice = (discountPriceCents: number) => Math.round(discountPriceCents * 0.85);

const img = (sku: string, views = 1) => Array.from({ length: views }, (_, i) => `/images/products/${sku.toLowerCase()}-${i + 1}.svg`);

const row = (spec_key: string, spec_name: string, spec_value: string): SpecRow => ({ spec_key, spec_name, spec_value });

export const DEMO_CATALOGUE: readonly CatalogueEntry[] = [
  {
    skuNum: "LW-RO600",
    category: "purifier",
    name: "Lenwell RO600 Countertop Reverse-Osmosis Water Purifier",
    subtitle: "Three-stage reverse osmosis on your counter. No plumbing, no bottles.",
    image: img("LW-RO600", 3),
    attributes: "Countertop · 3-stage RO",
    spec: [
      row("stages", "Filtration", "3 stages: composite pre-filter, RO membrane, post-carbon"),
      row("flow", "Flow rate", "600 gallons per day (about 1.6 L per minute)"),
      row("tank", "Tap-water tank", "5 L, removable"),
      row("size", "Dimensions", "17.9 × 7.3 × 17.2 in (W × D × H)"),
      row("power", "Power", "110–120 V AC, 60 Hz, 72 W"),
      row("install", "Installation", "Countertop; no plumbing or tools"),
    ],
    originalPriceCents: 45_900,
    discountPriceCents: 35_900,
    stock: 250,
    description:
      "The RO600 sits on your counter and filters tap water you pour into its tank through three stages: a composite pre-filter that catches sediment and chlorine, a reverse-osmosis membrane that removes dissolved solids, and a post-carbon cartridge that polishes the taste. A display shows the water quality reading and tells you when a filter is due. It needs a power outlet and nothing else: no drilling, no plumber.",
  },
  {
    skuNum: "LW-F1-PP",
    category: "filter",
    name: "Composite pre-filter (PP + carbon)",
    subtitle: "Stage 1 · replace every 6 months",
    image: img("LW-F1-PP"),
    attributes: "Stage 1 · 6-month life",
    spec: [
      row("stage", "Stage", "1 (pre-filter)"),
      row("media", "Media", "Polypropylene sediment layer + activated carbon block"),
      row("life", "Rated life", "6 months or 550 gallons"),
      row("fits", "Fits", "Lenwell RO600"),
    ],
    originalPriceCents: 3_900,
    discountPriceCents: 2_900,
    stock: 800,
    memberPriceCents: memberPrice(2_900),
    filter: { stage: 1, lifeMonths: 6 },
    description:
      "The first stage of the RO600. A polypropylene layer catches sand, rust and other particles, and an activated carbon block reduces chlorine and odours before the water reaches the membrane, which protects the membrane and lengthens its life. It twists in from the side panel in under a minute.",
  },
  {
    skuNum: "LW-F2-RO",
    category: "filter",
    name: "RO membrane cartridge",
    subtitle: "Stage 2 · replace every 24 months",
    image: img("LW-F2-RO"),
    attributes: "Stage 2 · 24-month life",
    spec: [
      row("stage", "Stage", "2 (reverse osmosis)"),
      row("media", "Media", "Spiral-wound thin-film composite membrane"),
      row("life", "Rated life", "24 months or 2,100 gallons"),
      row("fits", "Fits", "Lenwell RO600"),
    ],
    originalPriceCents: 11_900,
    discountPriceCents: 9_900,
    stock: 400,
    memberPriceCents: memberPrice(9_900),
    filter: { stage: 2, lifeMonths: 24 },
    description:
      "The heart of the purifier. The membrane's pores are small enough to hold back dissolved salts, metals such as lead, and most other dissolved solids, and only water passes through. Replace it when the display asks, or when the water quality reading rises and stays up.",
  },
  {
    skuNum: "LW-F3-PC",
    category: "filter",
    name: "Post-carbon taste cartridge",
    subtitle: "Stage 3 · replace every 12 months",
    image: img("LW-F3-PC"),
    attributes: "Stage 3 · 12-month life",
    spec: [
      row("stage", "Stage", "3 (post-carbon)"),
      row("media", "Media", "Coconut-shell activated carbon"),
      row("life", "Rated life", "12 months or 1,100 gallons"),
      row("fits", "Fits", "Lenwell RO600"),
    ],
    originalPriceCents: 2_900,
    discountPriceCents: 2_400,
    stock: 600,
    memberPriceCents: memberPrice(2_400),
    filter: { stage: 3, lifeMonths: 12 },
    description:
      "The last stage, just before the spout. Coconut-shell carbon takes out any remaining taste or smell so the water tastes clean and neutral, for drinking, coffee and tea.",
  },
  {
    skuNum: "LW-FSET-Y1",
    category: "filter",
    name: "First-year filter set",
    subtitle: "Two pre-filters and one post-carbon cartridge",
    image: img("LW-FSET-Y1"),
    attributes: "PP ×2 + post-carbon",
    spec: [
      row("contents", "In the box", "2 × composite pre-filter, 1 × post-carbon cartridge"),
      row("covers", "Covers", "The first 12 months of ownership"),
      row("fits", "Fits", "Lenwell RO600"),
    ],
    originalPriceCents: 10_700,
    discountPriceCents: 7_900,
    stock: 300,
    memberPriceCents: memberPrice(7_900),
    description:
      "Everything the RO600 needs in its first year, in one box: a pre-filter for month 6 and one for month 12, and the year's post-carbon cartridge. The membrane lasts two years, so it is not included.",
  },
  {
    skuNum: "LW-MEM-M",
    category: "membership",
    name: "Lenwell Membership, monthly",
    subtitle: "Filters shipped on schedule, free shipping, member prices",
    image: img("LW-MEM-M"),
    attributes: "Billed monthly · cancel any time",
    spec: [
      row("billing", "Billing", "Every month"),
      row("filters", "Filters", "Shipped automatically before each one is due"),
      row("shipping", "Shipping", "Free UPS Ground on every order"),
      row("cancel", "Cancel", "Any time from your account; no fee"),
    ],
    originalPriceCents: 1_490,
    discountPriceCents: 1_290,
    stock: 10_000,
    planMonths: 1,
    description:
      "Never think about filters again. We ship each replacement cartridge before it is due, with free shipping on everything you order and member prices across the store. Billed monthly; cancel from your account whenever you like and the membership runs to the end of the month you paid for.",
  },
  {
    skuNum: "LW-MEM-Y",
    category: "membership",
    name: "Lenwell Membership, yearly",
    subtitle: "Everything in monthly, paid once a year",
    image: img("LW-MEM-Y"),
    attributes: "Billed yearly · best value",
    spec: [
      row("billing", "Billing", "Once a year"),
      row("filters", "Filters", "Shipped automatically before each one is due"),
      row("shipping", "Shipping", "Free UPS Ground on every order"),
      row("cancel", "Cancel", "Any time; unused full months refunded"),
    ],
    originalPriceCents: 17_880,
    discountPriceCents: 12_900,
    stock: 10_000,
    planMonths: 12,
    description:
      "The same membership as the monthly plan, paid once a year for a lower price. Filters arrive before they are due, shipping is free and member prices apply in the store. If you cancel, the membership ends that day and we refund the full months left of the year you paid for.",
  },
  {
    skuNum: "LW-CARE-2Y",
    category: "care",
    name: "Lenwell Care, 2-year protection",
    subtitle: "Repairs, parts, labour and return shipping for two years",
    image: img("LW-CARE-2Y"),
    attributes: "2 years · for one RO600",
    spec: [
      row("term", "Term", "2 years from purchase of the plan"),
      row("covers", "Covers", "Repairs, replacement parts, labour and shipping both ways"),
      row("excludes", "Does not cover", "Filters, accidental or cosmetic damage, misuse"),
      row("device", "Device", "One Lenwell purifier that you own"),
    ],
    originalPriceCents: 8_900,
    discountPriceCents: 6_900,
    stock: 10_000,
    planMonths: 24,
    description:
      "Lenwell Care covers your purifier for two years: if it stops working properly, we repair it with genuine parts, pay the labour and the shipping both ways. Claims start from your account as an after-sale request. Filters are consumables and are not covered.",
  },
  {
    skuNum: "LW-REPAIR-DX",
    category: "repair",
    name: "Repair diagnosis",
    subtitle: "Mail-in diagnosis, credited against the repair",
    image: img("LW-REPAIR-DX"),
    attributes: "Mail-in · Houston service centre",
    spec: [
      row("what", "What it is", "A technician tests your purifier and quotes the repair"),
      row("credit", "Credit", "The full fee is credited against the repair if you go ahead"),
      row("turnaround", "Turnaround", "Quote within 2 business days of arrival"),
    ],
    originalPriceCents: 4_900,
    discountPriceCents: 3_900,
    stock: 10_000,
    description:
      "For purifiers out of warranty and not on Lenwell Care. You send the purifier to our Houston service centre; a technician tests it and sends you a fixed quote. If you accept, the diagnosis fee is taken off the repair. If you decline, we ship it back as it came.",
  },
  {
    skuNum: "LW-ACC-FAUCET",
    category: "accessory",
    name: "Stainless dispensing faucet kit",
    subtitle: "A slim lever faucet for the RO600",
    image: img("LW-ACC-FAUCET"),
    attributes: "Brushed stainless steel",
    spec: [
      row("material", "Material", "304 stainless steel, brushed finish"),
      row("height", "Height", "11.4 in"),
      row("contents", "In the box", "Faucet, 40 in tubing, quick-connect fitting"),
    ],
    originalPriceCents: 3_500,
    discountPriceCents: 2_900,
    stock: 150,
    memberPriceCents: memberPrice(2_900),
    description:
      "Pour filtered water from a lever faucet beside the sink instead of the front spout. Connects to the RO600's outlet with the included tubing and quick-connect fitting.",
  },
  {
    skuNum: "LW-ACC-TDS",
    category: "accessory",
    name: "TDS water-quality tester pen",
    subtitle: "Check total dissolved solids in seconds",
    image: img("LW-ACC-TDS"),
    attributes: "0–9990 ppm",
    spec: [row("range", "Range", "0–9990 ppm"), row("accuracy", "Accuracy", "±2%"), row("battery", "Battery", "2 × LR44, included")],
    originalPriceCents: 1_900,
    discountPriceCents: 1_500,
    stock: 500,
    memberPriceCents: memberPrice(1_500),
    description:
      "Dip the pen in a glass of water to read its total dissolved solids in parts per million. Compare your tap water with the purifier's output and see the membrane at work.",
  },
  {
    skuNum: "LW-ACC-CARAFE",
    category: "accessory",
    name: "1.5 L glass carafe",
    subtitle: "Borosilicate glass with a stainless lid",
    image: img("LW-ACC-CARAFE"),
    attributes: "1.5 L · borosilicate",
    spec: [
      row("capacity", "Capacity", "1.5 L (50 oz)"),
      row("material", "Material", "Borosilicate glass, stainless steel lid"),
      row("care", "Care", "Dishwasher safe"),
    ],
    originalPriceCents: 3_200,
    discountPriceCents: 2_600,
    stock: 200,
    memberPriceCents: memberPrice(2_600),
    description:
      "A tall glass carafe that fits under the RO600's spout and in the fridge door. Borosilicate glass handles hot and cold water.",
  },
];
