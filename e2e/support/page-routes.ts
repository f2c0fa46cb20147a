import { randomUUID } from "node:crypto";
import type { Page, PlaywrightWorkerArgs } from "@playwright/test";
import {
  PUBLIC_PAGES,
  ROUTES,
  afterSalePath,
  consoleAfterSalePath,
  consoleOrderPath,
  consoleProductPath,
  orderPath,
  paymentPath,
  productPath,
  searchPath,
} from "@/lib/config/routes";
import { TEST_ADDRESS, registerFreshCustomer } from "../fixtures";
import { applyAfterSaleThroughApi, buyNowThroughApi, deliveredOrder, payThroughApi, signInAsOperator, withOperator } from "../shop-api";

// Every kind of page the shop draws, in one list the keyboard and page-structure specs share: how a
// test gets there (who signs in, which records it needs) and what the page is called.

export interface Scene {
  page: Page;
  playwright: PlaywrightWorkerArgs["playwright"];
  baseURL: string | undefined;
}

/** The shop's own frame (top bar, footer), the deals page (footer only) or the console's. */
export type Frame = "shop" | "deals" | "console";

export interface ShopRoute {
  /** How the test names the page. */
  name: string;
  /** Signs in whoever sees the page, makes the records it shows, and returns its address. */
  open: (scene: Scene) => Promise<string>;
  frame: Frame;
  /** What document.title says: where the visitor is, or that the record is not found. */
  title: RegExp;
  /** A page whose address names nothing: the 404 page answers. */
  missing?: boolean;
  /** The first Tab reaches the skip link here (issue 32's list: public, account, payment, console home). */
  skipLink?: boolean;
}

const SHOP_TITLE = (title: string) => new RegExp(`^${title} \\| Lenwell$`);
const CONSOLE_TITLE = (title: string) => new RegExp(`^${title} · Operator console$`);
const NOT_FOUND_TITLE = /^Page not found \| Lenwell$/;

const PUBLIC_TITLES: Readonly<Record<string, string>> = {
  [ROUTES.home]: "Lenwell: clean water from your tap, no bottles",
  [ROUTES.purifier]: "RO600 Countertop Reverse-Osmosis Water Purifier",
  [ROUTES.membership]: "Join Lenwell Membership",
  [ROUTES.care]: "Lenwell Care: 2-Year Protection for Your Purifier",
  [ROUTES.repair]: "Mail-In Repair Service for Lenwell Purifiers",
  [ROUTES.store]: "Store",
  [ROUTES.deals]: "Deals",
  [ROUTES.aboutUs]: "About Us",
  [ROUTES.faq]: "Frequently Asked Questions",
  [ROUTES.contact]: "Contact us",
  [ROUTES.policy]: "Privacy, Terms, Shipping, Returns and Warranty",
};

const at = (path: string) => () => Promise.resolve(path);

async function asCustomer({ page }: Scene): Promise<void> {
  await registerFreshCustomer(page, { address: TEST_ADDRESS });
}

async function asOperator({ page }: Scene): Promise<void> {
  await signInAsOperator(page);
}

/** A customer's paid order, made through the real calls; the customer stays signed in. */
async function paidOrder(scene: Scene): Promise<string> {
  await asCustomer(scene);
  const orderId = await buyNowThroughApi(scene.page, "LW-F2-RO", 1);
  await payThroughApi(scene.page, orderId);
  return orderId;
}

/** A customer's return request on a delivered order; the customer stays signed in. */
async function returnRequest(scene: Scene): Promise<string> {
  await asCustomer(scene);
  const orderId = await withOperator(scene.playwright, scene.baseURL, (operator) => deliveredOrder(scene.page, operator, "LW-F2-RO", 1));
  return applyAfterSaleThroughApi(scene.page, {
    orderId,
    skuNum: "LW-F2-RO",
    quantity: 1,
    type: "return",
    reason: "Damaged on arrival",
    description: "The cartridge housing is cracked.",
  });
}

const customerPage = (name: string, path: string, title: string): ShopRoute => ({
  name,
  open: async (scene) => {
    await asCustomer(scene);
    return path;
  },
  frame: "shop",
  title: SHOP_TITLE(title),
  skipLink: true,
});

const consolePage = (name: string, path: string, title: string, extra: Partial<ShopRoute> = {}): ShopRoute => ({
  name,
  open: async (scene) => {
    await asOperator(scene);
    return path;
  },
  frame: "console",
  title: CONSOLE_TITLE(title),
  ...extra,
});

export const SHOP_ROUTES: readonly ShopRoute[] = [
  ...PUBLIC_PAGES.map(({ path }): ShopRoute => {
    const title = PUBLIC_TITLES[path];
    if (!title) throw new Error(`No title written down for ${path}`);
    return {
      name: path,
      open: at(path),
      frame: path === ROUTES.deals ? "deals" : "shop",
      title: SHOP_TITLE(title),
      skipLink: true,
    };
  }),
  { name: "a product", open: at(productPath("LW-ACC-TDS")), frame: "shop", title: SHOP_TITLE("TDS water-quality tester pen") },
  { name: "search with results", open: at(searchPath("filter")), frame: "shop", title: SHOP_TITLE("Search") },
  { name: "search with none", open: at(searchPath("qqqzzz")), frame: "shop", title: SHOP_TITLE("Search") },
  { name: "log in", open: at(ROUTES.login), frame: "shop", title: SHOP_TITLE("Log in"), skipLink: true },
  { name: "register", open: at(ROUTES.register), frame: "shop", title: SHOP_TITLE("Create an account"), skipLink: true },
  { name: "reset password", open: at(ROUTES.resetPassword), frame: "shop", title: SHOP_TITLE("Reset your password"), skipLink: true },
  customerPage("my account", ROUTES.account, "My account"),
  customerPage("my orders", ROUTES.orders, "My orders"),
  customerPage("my after-sale requests", ROUTES.afterSale, "My after-sale requests"),
  customerPage("my purifiers", ROUTES.purifiers, "My purifiers"),
  customerPage("saved cards", ROUTES.savedCards, "Saved cards"),
  customerPage("start a repair request", ROUTES.repairRequest, "Start a repair request"),
  {
    name: "payment",
    open: async (scene) => {
      await asCustomer(scene);
      return paymentPath(await buyNowThroughApi(scene.page, "LW-ACC-TDS", 1));
    },
    frame: "shop",
    title: SHOP_TITLE("Payment"),
    skipLink: true,
  },
  { name: "an order", open: async (scene) => orderPath(await paidOrder(scene)), frame: "shop", title: SHOP_TITLE("Order details") },
  {
    name: "an after-sale request",
    open: async (scene) => afterSalePath(await returnRequest(scene)),
    frame: "shop",
    title: SHOP_TITLE("After-sale request"),
  },
  consolePage("the console home", ROUTES.console, "Overview", { skipLink: true }),
  consolePage("console orders", ROUTES.consoleOrders, "Orders"),
  consolePage("console after-sale", ROUTES.consoleAfterSale, "After-sale"),
  consolePage("console catalogue", ROUTES.consoleCatalogue, "Catalogue"),
  consolePage("console product", consoleProductPath("LW-RO600"), "Product"),
  consolePage("console plans", ROUTES.consolePlans, "Plans"),
  consolePage("console purifiers", ROUTES.consolePurifiers, "Purifiers"),
  consolePage("console verification", ROUTES.consoleVerification, "Verification"),
  consolePage("console referrals", ROUTES.consoleReferrals, "Referrals"),
  consolePage("console searches", ROUTES.consoleSearches, "Searches"),
  consolePage("console filter shipments", ROUTES.consoleFilterShipments, "Upcoming filter shipments"),
  {
    name: "a console order",
    open: async (scene) => {
      const orderId = await paidOrder(scene);
      await asOperator(scene);
      return consoleOrderPath(orderId);
    },
    frame: "console",
    title: CONSOLE_TITLE("Order"),
  },
  {
    name: "a console after-sale request",
    open: async (scene) => {
      const afterSaleId = await returnRequest(scene);
      await asOperator(scene);
      return consoleAfterSalePath(afterSaleId);
    },
    frame: "console",
    title: CONSOLE_TITLE("After-sale request"),
  },
  { name: "the 404 page", open: at("/no-such-page"), frame: "shop", title: NOT_FOUND_TITLE, missing: true },
  { name: "a missing product", open: at(productPath("NOPE")), frame: "shop", title: NOT_FOUND_TITLE, missing: true },
  {
    name: "a missing order",
    open: async (scene) => {
      await asCustomer(scene);
      return orderPath(randomUUID());
    },
    frame: "shop",
    title: NOT_FOUND_TITLE,
    missing: true,
  },
  {
    name: "a missing after-sale request",
    open: async (scene) => {
      await asCustomer(scene);
      return afterSalePath(randomUUID());
    },
    frame: "shop",
    title: NOT_FOUND_TITLE,
    missing: true,
  },
  {
    name: "a missing console order",
    open: async (scene) => {
      await asOperator(scene);
      return consoleOrderPath(randomUUID());
    },
    frame: "shop",
    title: NOT_FOUND_TITLE,
    missing: true,
  },
  {
    name: "a missing console product",
    open: async (scene) => {
      await asOperator(scene);
      return consoleProductPath("LW-NOPE");
    },
    frame: "shop",
    title: NOT_FOUND_TITLE,
    missing: true,
  },
];
