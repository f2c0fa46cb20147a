// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { RETURN_WINDOW_DAYS } from "@/lib/config/after-sale";
import { MERCHANDISE_CATEGORIES, PRICE_VALID_DAYS, UNSHIPPED_CATEGORIES } from "@/lib/config/catalog";
import { SHIPPING_PRESETS } from "@/lib/config/shipping";
import type { ShelfItem } from "@/lib/schemas/merchandise";
import {
  breadcrumbJsonLd,
  organizationJsonLd,
  priceValidUntil,
  productJsonLd,
  returnPolicyJsonLd,
  serializeJsonLd,
  webSiteJsonLd,
} from "./structured-data";

const SITE = "https://shop.example.test";

const item: ShelfItem = {
  skuNum: "LW-F1-PP",
  name: "Composite pre-filter",
  subtitle: "Stage 1",
  category: "filter",
  image: ["/images/products/lw-f1-pp-1.svg"],
  attributes: "",
  spec: [],
  originalPrice: "39.00",
  discountPrice: "29.00",
  memberPrice: null,
  onePerCustomer: false,
  description: "Catches sediment </script><!-- and chlorine.",
};

function product(overrides: Partial<Parameters<typeof productJsonLd>[0]> = {}) {
  return productJsonLd({
    siteUrl: SITE,
    item,
    stock: 12,
    path: "/mart/detail/LW-F1-PP",
    images: ["/mart/detail/LW-F1-PP/opengraph-image", ...item.image],
    shipping: [
      { businessDays: 3, feeCents: 1190 },
      { businessDays: 1, feeCents: 3390 },
    ],
    now: new Date("2026-03-01T12:00:00Z"),
    ...overrides,
  });
}

describe("serializeJsonLd", () => {
  it("writes no character that could end the script or open an HTML comment, and parses back to the same data", () => {
    const data = { text: "</script><script>alert(1)</script> <!-- & \u2028\u2029" };
    const text = serializeJsonLd(data);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe("productJsonLd", () => {
  it("has the fields Google's merchant listings require, on the site's address", () => {
    expect(product()).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      "@id": `${SITE}/mart/detail/LW-F1-PP#product`,
      name: "Composite pre-filter",
      sku: "LW-F1-PP",
      mpn: "LW-F1-PP",
      brand: { "@type": "Brand", name: "Lenwell" },
      image: [`${SITE}/mart/detail/LW-F1-PP/opengraph-image`, `${SITE}/images/products/lw-f1-pp-1.svg`],
      offers: {
        "@type": "Offer",
        url: `${SITE}/mart/detail/LW-F1-PP`,
        price: "29.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/NewCondition",
      },
    });
  });

  it("puts a raster image first", () => {
    const images = product().image as string[];
    expect(images[0]).not.toMatch(/\.svg$/);
  });

  it("is out of stock at zero", () => {
    expect(product({ stock: 0 })).toMatchObject({ offers: { availability: "https://schema.org/OutOfStock" } });
  });

  it(`says the price holds ${PRICE_VALID_DAYS} days from the render`, () => {
    expect(priceValidUntil(new Date("2026-03-01T12:00:00Z"))).toBe("2027-03-01");
    expect(product()).toMatchObject({ offers: { priceValidUntil: "2027-03-01" } });
  });

  it("lists one shipping option per way to ship, each with its US rate and delivery days", () => {
    const offers = product().offers as { shippingDetails: unknown[] };
    expect(offers.shippingDetails).toEqual([
      {
        "@type": "OfferShippingDetails",
        shippingRate: { "@type": "MonetaryAmount", value: "11.90", currency: "USD" },
        shippingDestination: { "@type": "DefinedRegion", addressCountry: "US" },
        deliveryTime: {
          "@type": "ShippingDeliveryTime",
          handlingTime: { "@type": "QuantitativeValue", minValue: 0, maxValue: 0, unitCode: "DAY" },
          transitTime: { "@type": "QuantitativeValue", minValue: 3, maxValue: 3, unitCode: "DAY" },
        },
      },
      expect.objectContaining({ shippingRate: { "@type": "MonetaryAmount", value: "33.90", currency: "USD" } }),
    ]);
  });

  it("carries the shop's return policy on the offer", () => {
    expect(product()).toMatchObject({ offers: { hasMerchantReturnPolicy: returnPolicyJsonLd(SITE) } });
  });

  it.each(UNSHIPPED_CATEGORIES)(
    "says nothing of shipping or of a return by mail for a %s product: a plan or a service is not a parcel",
    (category) => {
      const offers = product({ item: { ...item, category } }).offers as Record<string, unknown>;
      expect(offers).not.toHaveProperty("shippingDetails");
      expect(offers).not.toHaveProperty("hasMerchantReturnPolicy");
      // Everything else a listing needs is still there.
      expect(offers).toMatchObject({ "@type": "Offer", price: "29.00", priceCurrency: "USD" });
    },
  );

  it.each(MERCHANDISE_CATEGORIES.filter((category) => !UNSHIPPED_CATEGORIES.includes(category)))(
    "gives goods (category %s) their shipping options and the return policy",
    (category) => {
      const offers = product({ item: { ...item, category } }).offers as Record<string, unknown>;
      expect(offers.shippingDetails).toHaveLength(2);
      expect(offers.hasMerchantReturnPolicy).toEqual(returnPolicyJsonLd(SITE));
    },
  );

  it("names each preset's methods when given them (the shape the page builds from lib/config/shipping.ts)", () => {
    const shipping = SHIPPING_PRESETS.standard.methods.map((rule) => ({ businessDays: rule.businessDays, feeCents: rule.priceCents }));
    const offers = product({ shipping }).offers as { shippingDetails: unknown[] };
    expect(offers.shippingDetails).toHaveLength(SHIPPING_PRESETS.standard.methods.length);
  });
});

describe("returnPolicyJsonLd", () => {
  it(`is a ${RETURN_WINDOW_DAYS}-day window in the US, returned by mail at the customer's cost, linking the policy`, () => {
    expect(returnPolicyJsonLd(SITE)).toEqual({
      "@type": "MerchantReturnPolicy",
      applicableCountry: "US",
      returnPolicyCountry: "US",
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: RETURN_WINDOW_DAYS,
      returnMethod: "https://schema.org/ReturnByMail",
      returnFees: "https://schema.org/ReturnFeesCustomerResponsibility",
      merchantReturnLink: `${SITE}/about/policy#returns`,
    });
  });
});

describe("organizationJsonLd and webSiteJsonLd", () => {
  it("name the shop, its address, logo and support contacts", () => {
    const organization = organizationJsonLd({ siteUrl: SITE, email: "help@example.test", phone: "+1 713 555 0147", logoPath: "/logo.svg" });
    expect(organization).toMatchObject({
      "@type": "Organization",
      "@id": `${SITE}/#organization`,
      name: "Lenwell",
      url: `${SITE}/`,
      logo: `${SITE}/logo.svg`,
      contactPoint: { "@type": "ContactPoint", email: "help@example.test", telephone: "+1 713 555 0147" },
    });
    expect(webSiteJsonLd(SITE)).toEqual({
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: "Lenwell",
      url: `${SITE}/`,
      publisher: { "@id": `${SITE}/#organization` },
      potentialAction: {
        "@type": "SearchAction",
        target: `${SITE}/search?q={search_term_string}`,
        "query-input": "required name=search_term_string",
      },
    });
  });
});

describe("breadcrumbJsonLd", () => {
  it("numbers the crumbs from 1 with absolute addresses", () => {
    expect(
      breadcrumbJsonLd(SITE, [
        { name: "Store", path: "/mart" },
        { name: "Filters", path: "/mart?category=filter" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Store", item: `${SITE}/mart` },
        { "@type": "ListItem", position: 2, name: "Filters", item: `${SITE}/mart?category=filter` },
      ],
    });
  });
});
