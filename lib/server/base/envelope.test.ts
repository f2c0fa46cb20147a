// @vitest-environment node
import { describe, expect, it } from "vitest";
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
