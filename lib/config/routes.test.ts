import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isProtectedPath, isTopBarHidden, productPath } from "./routes";

describe("isProtectedPath", () => {
  it.each([
    "/account/user",
    "/account/user/settings",
    "/account/cards",
    "/mart/payment",
    "/account/orders",
    "/account/orders/x",
    "/account/after-sale",
    "/admin",
    "/admin/products",
  ])("protects %s", (path) => {
    expect(isProtectedPath(path)).toBe(true);
  });

  it.each([
    "/",
    "/account/login",
    "/account/register",
    "/mart",
    "/mart/detail/x",
    "/account/userx",
    "/account/cardsx",
    "/mart/payments",
    "/administrator",
  ])("leaves %s public", (path) => {
    expect(isProtectedPath(path)).toBe(false);
  });
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

describe("every page that asks for a session", () => {
  // A page that calls requireCustomerPage or requireOperatorPage must also sit under a protected
  // prefix: only then does the middleware remember where the visitor was going, so they come back
  // there after logging in (a page outside the list sent them to the account page instead).
  // The console's pages ask through their builders (app/(console)/admin/_parts), which ask for the operator.
  const appDir = path.join(process.cwd(), "app");
  const asksForSession = /require(Customer|Operator)Page\(|console(List|Record)Page\(|searchedListPage\(/;
  const pages = readdirSync(appDir, { recursive: true, encoding: "utf8" })
    .filter((file) => /(^|\/)(page|layout)\.tsx$/.test(file))
    .filter((file) => asksForSession.test(readFileSync(path.join(appDir, file), "utf8")))
    .map((file) => `/${path.dirname(file)}`.replace(/\/\[[^\]]+\]/g, "/x").replace(/\/\([^)]+\)/g, ""));

  it("finds them", () => {
    expect(pages.length).toBeGreaterThan(15);
  });

  it("finds the console's builders asking for the operator", () => {
    const builders = readFileSync(path.join(appDir, "(console)", "admin", "_parts", "console-pages.tsx"), "utf8");
    expect(builders.match(/requireOperatorPage\(/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it.each(pages)("%s is under a protected prefix", (route) => {
    expect(isProtectedPath(route)).toBe(true);
  });
});
