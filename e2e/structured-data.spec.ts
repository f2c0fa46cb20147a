import type { Page } from "@playwright/test";
import { RETURN_WINDOW_DAYS } from "@/lib/config/after-sale";
import { ROUTES, productPath } from "@/lib/config/routes";
import { PURIFIER_SKU } from "@/lib/config/store";
import { expect, test } from "./fixtures";

// What search engines read: each page's JSON-LD blocks, parsed as a crawler would, and the
// Product fields Google's merchant listings require or recommend.

type Block = Record<string, unknown> & { "@type": string };

async function structuredData(page: Page): Promise<Block[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Block);
}

function ofType(blocks: Block[], type: string): Block {
  const found = blocks.filter((block) => block["@type"] === type);
  expect(found, `${type} blocks`).toHaveLength(1);
  return found[0] as Block;
}

/** A Product with an Offer that carries every field Google's merchant listings ask for. */
function expectMerchantListing(product: Block, baseURL: string, sku: string) {
  expect(product).toMatchObject({
    "@context": "https://schema.org",
    name: expect.any(String),
    description: expect.any(String),
    sku,
    mpn: sku,
    brand: { "@type": "Brand", name: "Lenwell" },
    offers: {
      "@type": "Offer",
      url: `${baseURL}${productPath(sku)}`,
      price: expect.stringMatching(/^\d+\.\d{2}$/),
      priceCurrency: "USD",
      priceValidUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/),
      itemCondition: "https://schema.org/NewCondition",
      hasMerchantReturnPolicy: {
        "@type": "MerchantReturnPolicy",
        applicableCountry: "US",
        returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
        merchantReturnDays: RETURN_WINDOW_DAYS,
        returnMethod: "https://schema.org/ReturnByMail",
        returnFees: "https://schema.org/ReturnFeesCustomerResponsibility",
      },
    },
  });
  const offers = product.offers as { priceValidUntil: string; shippingDetails: Block[] };
  expect(new Date(offers.priceValidUntil).getTime()).toBeGreaterThan(Date.now());
  expect(offers.shippingDetails.length).toBeGreaterThan(0);
  for (const shipping of offers.shippingDetails) {
    expect(shipping).toMatchObject({
      "@type": "OfferShippingDetails",
      shippingRate: { "@type": "MonetaryAmount", value: expect.stringMatching(/^\d+\.\d{2}$/), currency: "USD" },
      shippingDestination: { "@type": "DefinedRegion", addressCountry: "US" },
      deliveryTime: {
        "@type": "ShippingDeliveryTime",
        handlingTime: { unitCode: "DAY", minValue: expect.any(Number), maxValue: expect.any(Number) },
        transitTime: { unitCode: "DAY", minValue: expect.any(Number), maxValue: expect.any(Number) },
      },
    });
  }
  const images = product.image as string[];
  expect(images[0], "the first image is a raster one").not.toMatch(/\.svg$/);
  for (const image of images) expect(image.startsWith(`${baseURL}/`)).toBe(true);
}

test.describe("structured data", () => {
  test("the home page describes the shop: Organization and WebSite", async ({ page, baseURL }) => {
    await page.goto(ROUTES.home);
    const blocks = await structuredData(page);
    expect(ofType(blocks, "Organization")).toMatchObject({
      "@context": "https://schema.org",
      name: "Lenwell",
      url: `${baseURL}/`,
      logo: expect.stringMatching(new RegExp(`^${baseURL}/`)),
      contactPoint: { "@type": "ContactPoint", email: "support@lenwell.example", telephone: "+1 713 555 0147" },
    });
    expect(ofType(blocks, "WebSite")).toMatchObject({
      name: "Lenwell",
      url: `${baseURL}/`,
      potentialAction: {
        "@type": "SearchAction",
        target: `${baseURL}/search?q={search_term_string}`,
        "query-input": "required name=search_term_string",
      },
    });
  });

  test("the purifier's page and its product page carry the same Product with a complete Offer", async ({ page, baseURL }) => {
    const origin = baseURL ?? "";
    await page.goto(ROUTES.purifier);
    const onLanding = ofType(await structuredData(page), "Product");
    expectMerchantListing(onLanding, origin, PURIFIER_SKU);

    await page.goto(productPath(PURIFIER_SKU));
    const blocks = await structuredData(page);
    const onProductPage = ofType(blocks, "Product");
    expectMerchantListing(onProductPage, origin, PURIFIER_SKU);
    expect(onProductPage["@id"]).toBe(onLanding["@id"]);
    // The RO600 ($359) ships free by UPS Ground under the default preset.
    const shipping = (onProductPage.offers as { shippingDetails: { shippingRate: { value: string } }[] }).shippingDetails;
    expect(shipping.map((option) => option.shippingRate.value)).toEqual(["0.00", "22.90", "33.90"]);

    // The breadcrumb the page shows, then the product.
    const trail = ofType(blocks, "BreadcrumbList").itemListElement as { position: number; name: string; item: string }[];
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link");
    await expect(crumbs).toHaveText(trail.slice(0, -1).map((crumb) => crumb.name));
    expect(trail.map((crumb) => crumb.position)).toEqual([1, 2, 3]);
    expect(trail.at(-1)).toMatchObject({ name: onProductPage.name, item: `${origin}${productPath(PURIFIER_SKU)}` });
  });

  test("a plan's and a service's markup promise neither shipping nor a return by mail", async ({ page, baseURL }) => {
    for (const sku of ["LW-MEM-Y", "LW-CARE-2Y", "LW-REPAIR-DX"]) {
      await page.goto(productPath(sku));
      const product = ofType(await structuredData(page), "Product");
      expect(product, sku).toMatchObject({ sku, offers: { "@type": "Offer", url: `${baseURL}${productPath(sku)}`, priceCurrency: "USD" } });
      expect(product.offers, sku).not.toHaveProperty("shippingDetails");
      expect(product.offers, sku).not.toHaveProperty("hasMerchantReturnPolicy");
    }
  });

  test("a cheaper product's markup prices ground shipping, and its preview image is a PNG", async ({ page, request, baseURL }) => {
    const sku = "LW-F1-PP";
    await page.goto(productPath(sku));
    const product = ofType(await structuredData(page), "Product");
    expectMerchantListing(product, baseURL ?? "", sku);
    const shipping = (product.offers as { shippingDetails: { shippingRate: { value: string } }[] }).shippingDetails;
    expect(shipping[0]?.shippingRate.value).toBe("11.90");

    const card = await page.locator('meta[property="og:image"]').first().getAttribute("content");
    const picture = await request.get(new URL(card ?? "").pathname);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toBe("image/png");
    expect((await picture.body()).subarray(1, 4).toString()).toBe("PNG");
  });
});
