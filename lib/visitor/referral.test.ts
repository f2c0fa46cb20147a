// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { parseReferralCode, withReferral } from "./referral";

describe("parseReferralCode", () => {
  it.each(["PARTNER_1", "abc", "A-b_9", "x", "a".repeat(32)])("accepts the well-formed code %s", (code) => {
    expect(parseReferralCode(code)).toBe(code);
  });

  it.each([
    ["an empty string", ""],
    ["null", null],
    ["undefined", undefined],
    ["33 characters", "a".repeat(33)],
    ["a space", "AB CD"],
    ["a leading space", " ABC"],
    ["markup", "<script>"],
    ["a quote", 'AB"C'],
    ["a dot", "AB.C"],
    ["unicode letters", "café"],
    ["an emoji", "AB🎉"],
    ["a trailing newline", "ABC\n"],
  ])("rejects %s", (_label, value) => {
    expect(parseReferralCode(value)).toBeNull();
  });
});

describe("withReferral", () => {
  it("adds ?c= to an in-site path", () => {
    expect(withReferral("/mart", "AB")).toBe("/mart?c=AB");
  });

  it("adds the code to the root path", () => {
    expect(withReferral("/", "AB")).toBe("/?c=AB");
  });

  it("keeps an existing query and appends the code", () => {
    expect(withReferral("/mart/payment?orderId=x", "AB")).toBe("/mart/payment?orderId=x&c=AB");
  });

  it("keeps the #hash after the query", () => {
    expect(withReferral("/about/faq#returns", "AB")).toBe("/about/faq?c=AB#returns");
    expect(withReferral("/about/faq?q=1#returns", "AB")).toBe("/about/faq?q=1&c=AB#returns");
  });

  it("does not override a code already in the href", () => {
    expect(withReferral("/mart?c=OTHER", "AB")).toBe("/mart?c=OTHER");
    expect(withReferral("/mart?x=1&c=OTHER#top", "AB")).toBe("/mart?x=1&c=OTHER#top");
  });

  it.each([
    "https://example.com/page",
    "http://example.com",
    "//evil.com",
    "//evil.com/mart",
    "mailto:help@lenwell.example",
    "tel:+18005551234",
    "#x",
    "relative/path",
  ])("leaves %s alone", (href) => {
    expect(withReferral(href, "AB")).toBe(href);
  });

  it("leaves the href unchanged without a code", () => {
    expect(withReferral("/mart?x=1#top", null)).toBe("/mart?x=1#top");
    expect(withReferral("/mart", "")).toBe("/mart");
  });
});
