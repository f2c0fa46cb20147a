// @vitest-environment node
import { describe, expect, it } from "vitest";
import { getRedirectUrl, unstable_getResponseFromNextConfig } from "next/experimental/testing/server";
import nextConfig from "./next.config";

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
