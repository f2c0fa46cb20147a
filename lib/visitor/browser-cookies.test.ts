// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cookieValue, readCookie, writeCookie } from "./browser-cookies";

describe("cookieValue", () => {
  it("finds a cookie by its exact name and decodes it", () => {
    expect(cookieValue("a=1; lw_ref=SPRING%2024; lw_refx=no", "lw_ref")).toBe("SPRING 24");
    expect(cookieValue("lw_refx=no", "lw_ref")).toBeUndefined();
    expect(cookieValue("", "lw_ref")).toBeUndefined();
  });

  it("keeps a value that is not valid percent-encoding as it is", () => {
    expect(cookieValue("x=%E0%A4%A", "x")).toBe("%E0%A4%A");
  });
});

describe("writeCookie and readCookie", () => {
  afterEach(() => {
    document.cookie = "lw_test=; Max-Age=0; Path=/";
  });

  it("writes a site-wide cookie the browser hands back", () => {
    writeCookie("lw_test", "/mart/detail/LW-RO600?q=1", 60);
    expect(readCookie("lw_test")).toBe("/mart/detail/LW-RO600?q=1");
  });
});
