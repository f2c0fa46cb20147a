// @vitest-environment node
import { describe, expect, it } from "vitest";
import { getRedirectUrl, unstable_getResponseFromNextConfig } from "next/experimental/testing/server";
import nextConfig from "./next.config";
import { API_CONTENT_SECURITY_POLICY, FILE_CONTENT_SECURITY_POLICY } from "./lib/config/security-headers";

const answer = (url: string) => unstable_getResponseFromNextConfig({ url: `http://localhost:3000${url}`, nextConfig });

describe("next.config.ts redirects", () => {
  it.each([
    ["/about/faq/", "/about/faq"],
    ["/mart/detail/LW-RO600/", "/mart/detail/LW-RO600"],
    ["/mart/?sort=price_asc&c=AB", "/mart?sort=price_asc&c=AB"],
    ["/account/user/", "/account/user"],
  ])("sends the page address %s to %s, once and for good (308)", async (from, to) => {
    const response = await answer(from);
    expect(response.status).toBe(308);
    expect(getRedirectUrl(response)).toBe(`http://localhost:3000${to}`);
  });

  it.each(["/", "/about/faq", "/api/v1/c/order/cart/add/", "/api/v1/c/order/cart/list/", "/_next/static/chunks/"])(
    "leaves %s where it is",
    async (url) => {
      const response = await answer(url);
      expect(getRedirectUrl(response)).toBeNull();
    },
  );
});

// A browser enforces every policy an answer carries: a page's comes from the middleware (a nonce) or
// from the cache (its scripts' hashes), never from here as well.
describe("next.config.ts Content-Security-Policy", () => {
  const policyOf = async (url: string) => (await answer(url)).headers.get("content-security-policy");

  it.each(["/api/v1/c/user/profile", "/api/v1/admin/orders/list", "/api/health", "/api/v1/c/data.json"])(
    "gives the API answer %s the policy that runs nothing",
    async (url) => {
      expect(await policyOf(url)).toBe(API_CONTENT_SECURITY_POLICY);
    },
  );

  it.each([
    "/_next/static/chunks/main-app.js",
    "/_next/static/media/inter.woff2",
    "/icon.svg",
    "/maps/us-states.svg",
    "/robots.txt",
    "/sitemap.xml",
    "/images/ro600.webp",
    "/geo/us-states-10m.json",
  ])("gives the file %s the policy that runs nothing", async (url) => {
    expect(await policyOf(url)).toBe(FILE_CONTENT_SECURITY_POLICY);
  });

  it.each([
    "/",
    "/mart",
    "/mart?c=AB",
    "/mart/detail/LW-RO600",
    "/about/contactus",
    "/about/faq",
    "/deals/x",
    "/account/user",
    "/account/login",
    "/admin/orders/1",
    "/nope",
  ])("gives the page %s none", async (url) => {
    expect(await policyOf(url)).toBeNull();
  });

  it("keeps nosniff and the other fixed headers on every answer", async () => {
    for (const url of ["/", "/api/health", "/icon.svg"]) expect((await answer(url)).headers.get("x-content-type-options")).toBe("nosniff");
  });
});
