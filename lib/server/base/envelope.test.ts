// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { fail, ok } from "./envelope";

// Answers carry the customer's data: no browser or proxy may keep a copy.
describe("envelope caching", () => {
  it.each([
    ["a success", () => ok({ user: { email: "customer@lenwell.example" } })],
    ["a success with its own headers", () => ok({}, { headers: { "Cache-Control": "public, max-age=600" } })],
    ["a failure", () => fail(401)],
  ])("sends no-store on %s", (_name, make) => {
    const response = make();
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });
});

// HSTS follows the SITE_URL the server was started with, not the one `next build` saw.
describe("envelope HSTS", () => {
  async function envelopeWith(siteUrl: string, nodeEnv: string) {
    vi.resetModules();
    vi.stubEnv("NODE_ENV", nodeEnv);
    vi.stubEnv("SITE_URL", siteUrl);
    return import("./envelope");
  }

  it("sends HSTS on every answer of a production site whose address is https", async () => {
    const { ok: success, fail: failure } = await envelopeWith("https://shop.lenwell.example", "production");
    for (const response of [success({}), failure(401), failure(500)]) {
      expect(response.headers.get("strict-transport-security")).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    }
  });

  it.each([
    ["an http production site", "http://shop.lenwell.example", "production"],
    ["next dev on https", "https://shop.lenwell.example", "development"],
  ])("sends none from %s", async (_, siteUrl, nodeEnv) => {
    const { ok: success, fail: failure } = await envelopeWith(siteUrl, nodeEnv);
    for (const response of [success({}), failure(401)]) expect(response.headers.get("strict-transport-security")).toBeNull();
  });
});
