import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { ROUTES, productPath } from "@/lib/config/routes";
import { PURIFIER_SKU } from "@/lib/config/store";
import { startShop, type ShopServer } from "@/scripts/bench/shop-server";
import { expect, test } from "./fixtures";

// One build, started under a public address it was not built with: every page (prerendered at
// build or rendered per request), robots.txt and sitemap.xml name the address of the start.

const PUBLIC_ADDRESS = "https://shop.example.test";

const PRERENDERED = [ROUTES.aboutUs, ROUTES.contact, ROUTES.policy];
const PER_REQUEST = [ROUTES.home, ROUTES.purifier, ROUTES.store, ROUTES.faq, productPath(PURIFIER_SKU)];

/** A port no one listens on, from the system: beside the e2e server and its OpenID issuer, and any other run's. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function attribute(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

/** The address as a URL writes it ("https://a.test" and "https://a.test/" are the same page). */
function absolute(value: string | undefined): string {
  return new URL(value ?? "about:blank").href;
}

test.describe("the public address is the one the server is started with", () => {
  let shop: ShopServer | null = null;
  // Kept so afterAll stops a server whose start outlived beforeAll's time limit.
  let starting: Promise<ShopServer> | null = null;

  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.name !== "desktop") return;
    // A fresh embedded database is created and seeded: slow on a busy machine.
    testInfo.setTimeout(240_000);
    starting = freePort().then((port) => startShop("pglite", port, { siteUrl: PUBLIC_ADDRESS }));
    shop = await starting;
  });

  test.afterAll(async () => {
    const started = await starting?.catch(() => null);
    await started?.stop();
  });

  test("canonical, og:url, robots.txt and sitemap.xml name it, on prerendered and per-request pages", async ({ request }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one extra server for the run; the HTML does not depend on the screen");
    const started = shop;
    if (!started) throw new Error("the second shop did not start");

    // The build under test was not made for this address, or the test would prove nothing.
    const built = await readFile(".next/server/app/about/aboutus.html", "utf8");
    expect(built).not.toContain(PUBLIC_ADDRESS);

    for (const path of [...PRERENDERED, ...PER_REQUEST]) {
      const response = await request.get(`${started.url}${path}`);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const expected = new URL(path, PUBLIC_ADDRESS).href;
      expect(absolute(attribute(html, /<link rel="canonical" href="([^"]*)"/)), path).toBe(expected);
      expect(absolute(attribute(html, /<meta property="og:url" content="([^"]*)"/)), path).toBe(expected);
      expect(attribute(html, /<meta property="og:image" content="([^"]*)"/), path).toMatch(new RegExp(`^${PUBLIC_ADDRESS}/`));
      expect(html, path).not.toMatch(/https?:\/\/(localhost|127\.0\.0\.1)[:/]/);
    }

    const robots = await (await request.get(`${started.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${PUBLIC_ADDRESS}/sitemap.xml`);

    const sitemap = await (await request.get(`${started.url}/sitemap.xml`)).text();
    const locations = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toContain(`${PUBLIC_ADDRESS}${ROUTES.aboutUs}`);
    expect(locations).toContain(`${PUBLIC_ADDRESS}${productPath(PURIFIER_SKU)}`);
    for (const location of locations) expect(location).toMatch(new RegExp(`^${PUBLIC_ADDRESS}(/|$)`));

    // A second visit is served from the cache and still names it.
    const again = await (await request.get(`${started.url}${ROUTES.aboutUs}`)).text();
    expect(absolute(attribute(again, /<link rel="canonical" href="([^"]*)"/))).toBe(new URL(ROUTES.aboutUs, PUBLIC_ADDRESS).href);
  });
});
