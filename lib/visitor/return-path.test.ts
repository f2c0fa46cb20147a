// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it.each(["/account/user", "/mart/payment?orderId=abc", "/about/faq#returns", "/account/user?tab=orders#list", "/"])(
    "accepts the same-site path %s unchanged",
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it("accepts a path of exactly 512 characters", () => {
    const path = `/${"a".repeat(511)}`;
    expect(safeReturnPath(path)).toBe(path);
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeReturnPath("/account/../mart")).toBe("/mart");
  });

  it("keeps percent-encoded CR/LF encoded (they never become real line breaks)", () => {
    expect(safeReturnPath("/%0d%0a")).toBe("/%0d%0a");
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["an empty string", ""],
    ["an absolute URL", "https://evil.com"],
    ["a protocol-relative URL", "//evil.com"],
    ["a path whose dot segments make it protocol-relative", "/..//evil.example"],
    ["the same after a step down", "/account/../..//evil.example/x"],
    ["a current-directory step before them", "/./..//evil.example"],
    ["a backslash protocol-relative URL", "/\\evil.com"],
    ["a backslash inside the path", "/account\\..\\evil"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "account/user"],
    ["a newline", "/account\n/user"],
    ["a carriage return", "/account\r"],
    ["a tab", "/\t/evil.com"],
    ["a NUL", "/a\u0000b"],
    ["a DEL", "/a\u007fb"],
    ["a path over 512 characters", `/${"a".repeat(512)}`],
  ])("rejects %s", (_label, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});
