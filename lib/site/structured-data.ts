import { PRICE_VALID_DAYS, shipsToCustomer } from "@/lib/config/catalog";
import { RETURN_WINDOW_DAYS } from "@/lib/config/after-sale";
import { ROUTES } from "@/lib/config/routes";
import { STORE_NAME } from "@/lib/config/store";
import { centsToAmount } from "@/lib/rules/money";
import type { ShelfItem } from "@/lib/schemas/merchandise";

// schema.org data for search engines (JSON-LD), built from the values the pages show: pure
// functions, so the shapes Google's merchant-listing rules ask for are checked by unit tests.
// Every URL is absolute on the SITE_URL the server was started with.

type JsonLd = Record<string, unknown>;

const SCHEMA = "https://schema.org";
const CURRENCY = "USD";
/** The shop sells and ships to the United States only (the policy page, Terms of sale). */
const COUNTRY = "US";
const DAY_MS = 86_400_000;

/** `path` on the site's public address. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, `${siteUrl}/`).toString();
}

function organizationId(siteUrl: string): string {
  return `${absoluteUrl(siteUrl, ROUTES.home)}#organization`;
}

/**
 * The script text of a JSON-LD block. JSON allows "<", ">" and "&" anywhere in a string, and the
 * HTML parser would end the script at "</script" or open a comment at "<!--" inside one; written as
 * \u escapes they mean the same to a JSON reader. U+2028/2029 are escaped for old JavaScript parsers.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The standard return policy: 30 days from delivery, sent back by mail at the customer's cost. */
export function returnPolicyJsonLd(siteUrl: string): JsonLd {
  return {
    "@type": "MerchantReturnPolicy",
    applicableCountry: COUNTRY,
    returnPolicyCountry: COUNTRY,
    returnPolicyCategory: `${SCHEMA}/MerchantReturnFiniteReturnWindow`,
    merchantReturnDays: RETURN_WINDOW_DAYS,
    returnMethod: `${SCHEMA}/ReturnByMail`,
    // The customer packs and sends the items to the address given on approval (the policy page).
    returnFees: `${SCHEMA}/ReturnFeesCustomerResponsibility`,
    merchantReturnLink: absoluteUrl(siteUrl, `${ROUTES.policy}#returns`),
  };
}

export interface OrganizationInput {
  siteUrl: string;
  email: string;
  phone: string;
  /** Site path of the logo. */
  logoPath: string;
}

export function organizationJsonLd({ siteUrl, email, phone, logoPath }: OrganizationInput): JsonLd {
  return {
    "@context": SCHEMA,
    "@type": "Organization",
    "@id": organizationId(siteUrl),
    name: STORE_NAME,
    url: absoluteUrl(siteUrl, ROUTES.home),
    logo: absoluteUrl(siteUrl, logoPath),
    email,
    telephone: phone,
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      email,
      telephone: phone,
      areaServed: COUNTRY,
      availableLanguage: "English",
    },
    hasMerchantReturnPolicy: returnPolicyJsonLd(siteUrl),
  };
}

/** The placeholder a search engine puts the visitor's words in (SearchAction's target and query-input). */
const SEARCH_TERM = "search_term_string";

/** The site, with its search: a search engine may offer a search box that opens /search. */
export function webSiteJsonLd(siteUrl: string): JsonLd {
  return {
    "@context": SCHEMA,
    "@type": "WebSite",
    name: STORE_NAME,
    url: absoluteUrl(siteUrl, ROUTES.home),
    publisher: { "@id": organizationId(siteUrl) },
    potentialAction: {
      "@type": "SearchAction",
      // Written out rather than built with URL: URL would encode the braces the placeholder needs.
      target: `${absoluteUrl(siteUrl, ROUTES.search)}?q={${SEARCH_TERM}}`,
      "query-input": `required name=${SEARCH_TERM}`,
    },
  };
}

export interface Crumb {
  name: string;
  /** Site path of the crumb's page. */
  path: string;
}

export function breadcrumbJsonLd(siteUrl: string, crumbs: readonly Crumb[]): JsonLd {
  return {
    "@context": SCHEMA,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

/** One way to ship a single unit of the product, as the shop prices it. */
export interface ShippingRate {
  /** Business days from the order day to delivery. */
  businessDays: number;
  feeCents: number;
}

export interface ProductInput {
  siteUrl: string;
  item: ShelfItem;
  stock: number;
  /** The page the product is sold on (its canonical path). */
  path: string;
  /** Site paths of its pictures, the raster preview card first (search and social sites skip SVG). */
  images: readonly string[];
  /** Ignored for a plan or a service (UNSHIPPED_CATEGORIES): nothing of it is shipped. */
  shipping: readonly ShippingRate[];
  /** When the page is rendered; the price is said to hold PRICE_VALID_DAYS from then. */
  now: Date;
}

function days(value: number): JsonLd {
  return { "@type": "QuantitativeValue", minValue: value, maxValue: value, unitCode: "DAY" };
}

function shippingDetailsJsonLd(rate: ShippingRate): JsonLd {
  return {
    "@type": "OfferShippingDetails",
    shippingRate: { "@type": "MonetaryAmount", value: centsToAmount(rate.feeCents), currency: CURRENCY },
    shippingDestination: { "@type": "DefinedRegion", addressCountry: COUNTRY },
    deliveryTime: {
      "@type": "ShippingDeliveryTime",
      // The shop counts delivery from the order day (lib/server/shipping): no separate handling days.
      handlingTime: days(0),
      transitTime: days(rate.businessDays),
    },
  };
}

/** The date PRICE_VALID_DAYS after `now`, as YYYY-MM-DD. */
export function priceValidUntil(now: Date): string {
  return new Date(now.getTime() + PRICE_VALID_DAYS * DAY_MS).toISOString().slice(0, 10);
}

/**
 * How goods reach the customer and go back: a plan or a service is no parcel, so it is neither
 * shipped nor returned by mail (a plan is cancelled from the account, with its own refund rule), and
 * saying otherwise would promise search users a delivery and a 30-day return that do not exist.
 */
function parcelTerms(siteUrl: string, item: ShelfItem, shipping: readonly ShippingRate[]): JsonLd {
  if (!shipsToCustomer(item.category)) return {};
  return { shippingDetails: shipping.map(shippingDetailsJsonLd), hasMerchantReturnPolicy: returnPolicyJsonLd(siteUrl) };
}

/** A product with its one offer: what Google's merchant listings read (required and recommended fields). */
export function productJsonLd({ siteUrl, item, stock, path, images, shipping, now }: ProductInput): JsonLd {
  const url = absoluteUrl(siteUrl, path);
  return {
    "@context": SCHEMA,
    "@type": "Product",
    "@id": `${url}#product`,
    name: item.name,
    description: item.description || item.subtitle || item.name,
    sku: item.skuNum,
    // Lenwell makes what it sells: its sku is the manufacturer's part number.
    mpn: item.skuNum,
    image: images.map((image) => absoluteUrl(siteUrl, image)),
    brand: { "@type": "Brand", name: STORE_NAME },
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: CURRENCY,
      price: item.discountPrice,
      priceValidUntil: priceValidUntil(now),
      availability: stock > 0 ? `${SCHEMA}/InStock` : `${SCHEMA}/OutOfStock`,
      itemCondition: `${SCHEMA}/NewCondition`,
      seller: { "@type": "Organization", name: STORE_NAME, url: absoluteUrl(siteUrl, ROUTES.home) },
      ...parcelTerms(siteUrl, item, shipping),
    },
  };
}
