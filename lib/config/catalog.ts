// The store's catalogue constants: labels of its categories and orderings, stock wording, caching.

/** The catalogue's categories, as the API and the store's links name them (the database uses the same list). */
export const MERCHANDISE_CATEGORIES = ["purifier", "filter", "membership", "care", "repair", "accessory"] as const;
export type MerchandiseCategory = (typeof MERCHANDISE_CATEGORIES)[number];

/**
 * What is not a parcel: membership and care plans, and the mail-in repair service (the customer
 * sends the purifier in; the return trip is part of the service). An order of only these asks for
 * no address and no shipping method; in a mixed order they add nothing to the shipping price.
 */
export const UNSHIPPED_CATEGORIES: readonly MerchandiseCategory[] = ["membership", "care", "repair"];

export function shipsToCustomer(category: MerchandiseCategory): boolean {
  return !UNSHIPPED_CATEGORIES.includes(category);
}

/** How a sku is written (LW-RO600): what the API accepts, and what a remembered purchase may name. */
export const SKU_PATTERN = /^[A-Z0-9-]{2,40}$/;

/** Store orderings: featured is the operator's own order (sort_order). */
export const MERCHANDISE_SORTS = ["featured", "price_asc", "price_desc", "name"] as const;
export type MerchandiseSort = (typeof MERCHANDISE_SORTS)[number];

/** Store tabs, in the order they are shown; the value is the API's category. */
export const STORE_CATEGORIES: readonly { value: MerchandiseCategory; label: string }[] = [
  { value: "purifier", label: "Purifier" },
  { value: "filter", label: "Filters" },
  { value: "membership", label: "Plans" },
  { value: "care", label: "Care" },
  { value: "repair", label: "Repair" },
  { value: "accessory", label: "Accessories" },
];

export const STORE_SORTS: readonly { value: MerchandiseSort; label: string }[] = [
  { value: "featured", label: "Featured" },
  { value: "price_asc", label: "Price: low to high" },
  { value: "price_desc", label: "Price: high to low" },
  { value: "name", label: "Name" },
];

/**
 * The highest price an operator may set, $100,000.00: far above anything the shop sells, and well
 * inside the integer cents the database stores (a larger one failed there as a 500).
 */
export const PRICE_MAX_CENTS = 10_000_000;

/**
 * How far ahead a product's markup says its price holds (Offer.priceValidUntil). The shop plans no
 * price end, and search engines flag an offer without the date; the page is re-rendered far more often.
 */
export const PRICE_VALID_DAYS = 365;

/** Products on one page of /mart. */
export const STORE_PAGE_SIZE = 24;

/** At or under this many units the product page says "Only N left". */
export const LOW_STOCK_THRESHOLD = 10;

/**
 * The shared catalogue cache (lib/server/catalog): one tag for every cached read, revalidated when
 * an operator changes the catalogue; the time limit only bounds changes made outside the app.
 * Each product's stock has a tag of its own (stockTagPrefix + sku), revalidated after every
 * committed order, cancel or expiry that moves it; its shorter limit bounds the moves that happen
 * where Next has no cache to reach (the background expiry sweep, another app instance).
 * anyStockTag goes with every such move, whichever product: for what shows many products' stock
 * and cannot know which in advance (a cached search results page).
 */
export const CATALOGUE_CACHE = {
  tag: "catalogue",
  revalidateSeconds: 3600,
  stockTagPrefix: "stock:",
  anyStockTag: "stock-any",
  stockRevalidateSeconds: 60,
} as const;

// The catalogue skus the pages and services name (lib/db/seed/catalogue.ts seeds them). The purifier's
// sku lives in lib/config/store.ts because the top bar uses it too.

export const FILTER_SKUS = {
  preFilter: "LW-F1-PP",
  membrane: "LW-F2-RO",
  postCarbon: "LW-F3-PC",
  firstYearSet: "LW-FSET-Y1",
} as const;

export const MEMBERSHIP_SKUS = { monthly: "LW-MEM-M", yearly: "LW-MEM-Y" } as const;

export const CARE_SKU = "LW-CARE-2Y";

export const REPAIR_DIAGNOSIS_SKU = "LW-REPAIR-DX";

export const ACCESSORY_SKUS = { tdsPen: "LW-ACC-TDS" } as const;
