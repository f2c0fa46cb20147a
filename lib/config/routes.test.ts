import { describe, expect, it } from "vitest";
import { isProtectedPath, isTopBarHidden, productPath } from "./routes";

describe("isProtectedPath", () => {
  it.each([
    "/account/user",
    "/account/user/settings",
    "/mart/payment",
    "/account/orders",
    "/account/orders/x",
    "/account/after-sale",
    "/admin",
    "/admin/products",
  ])("protects %s", (path) => {
    expect(isProtectedPath(path)).toBe(true);
  });

  it.each(["/", "/account/login", "/account/register", "/mart", "/mart/detail/x", "/account/userx", "/mart/payments", "/administrator"])(
    "leaves %s public",
    (path) => {
      expect(isProtectedPath(path)).toBe(false);
    },
  );
});

describe("isTopBarHidden", () => {
  it.each(["/deals", "/deals/x", "/deals/x/y"])("hides the top bar on %s", (path) => {
    expect(isTopBarHidden(path)).toBe(true);
  });

  it.each(["/", "/dealsx", "/mart", "/about/deals"])("shows the top bar on %s", (path) => {
    expect(isTopBarHidden(path)).toBe(false);
  });
});

describe("productPath", () => {
  it("encodes the sku into the detail path", () => {
    expect(productPath("LW-RO600")).toBe("/mart/detail/LW-RO600");
    expect(productPath("a/b")).toBe("/mart/detail/a%2Fb");
  });
});
