import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { vi } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { products, users, type PlanKind, type UserRow } from "@/lib/db/schema";
import type { UsAddress } from "@/lib/schemas/auth";
import type { PaymentBody } from "@/lib/schemas/order";
import type { ProviderEvent } from "@/lib/server/payments/provider";
import { AppError } from "@/lib/server/base/errors";
import type { InvariantName } from "./settings";

// One history's world: its customers, operator, products and clock, what the model knows of the
// shop's records (in the order it learnt of them, so "the 2nd paid order" means the same record
// each time a history is replayed), and the steps taken so far, which a failure prints.

export const PRODUCT_KEYS = ["purifier", "faucet", "tds", "filters", "membership_monthly", "membership_yearly", "care", "repair"] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];

// Copies of demo products, with a history's own skus and stock: the stock invariant then counts
// only this history's orders, and the scarce ones run out within a few steps (refusals).
const COPIES: Readonly<Record<ProductKey, { demo: string; stock: number }>> = {
  purifier: { demo: "LW-RO600", stock: 3 },
  faucet: { demo: "LW-ACC-FAUCET", stock: 4 },
  tds: { demo: "LW-ACC-TDS", stock: 20 },
  filters: { demo: "LW-FSET-Y1", stock: 10 },
  membership_monthly: { demo: "LW-MEM-M", stock: 20 },
  membership_yearly: { demo: "LW-MEM-Y", stock: 20 },
  care: { demo: "LW-CARE-2Y", stock: 20 },
  repair: { demo: "LW-REPAIR-DX", stock: 20 },
};

export const HOUSTON: UsAddress = { fullName: "Ada Park", line1: "1200 Main St", city: "Houston", state: "TX", zip: "77002" };
export const HOUSTON_OFFICE: UsAddress = { fullName: "Ada Park", line1: "901 Bagby St", city: "Houston", state: "TX", zip: "77002" };
export const SAN_FRANCISCO: UsAddress = { fullName: "Bo Reyes", line1: "500 Market St", city: "San Francisco", state: "CA", zip: "94105" };

/** Where the clock of every history starts, plus a day offset the history draws: a fixed date, so a replay is the same history. */
export const CLOCK_ORIGIN = Date.UTC(2031, 0, 1, 17, 0, 0);
/** Each step happens this long after the one before, so no two steps share an instant. */
const STEP_MS = 1_000;

export interface ModelCustomer {
  label: string;
  id: string;
  email: string;
}

export interface ModelProduct {
  key: ProductKey;
  sku: string;
  initialStock: number;
}

/** How an order came to be: checkout and buy now take stock; the shop's own orders (renewals) do not. */
export type OrderSource = "checkout" | "buy_now" | "shop";

export interface ModelOrder {
  id: string;
  label: string;
  owner: ModelCustomer;
  source: OrderSource;
  /** The last payment request sent for it: "Pay pressed again" sends exactly this once more. */
  lastPayment: { by: ModelCustomer; body: PaymentBody } | null;
}

export interface ModelRecord {
  id: string;
  label: string;
  owner: ModelCustomer;
}

export interface ModelPlan extends ModelRecord {
  kind: PlanKind;
}

export interface OpenDispute {
  providerRef: string;
  disputeRef: string;
  amountCents: number;
  label: string;
}

export type StatusKind = "order" | "payment" | "after_sale" | "plan" | "refund";

export interface Statuses {
  order: Map<string, string>;
  payment: Map<string, string>;
  after_sale: Map<string, string>;
  plan: Map<string, string>;
  refund: Map<string, string>;
}

export function emptyStatuses(): Statuses {
  return { order: new Map(), payment: new Map(), after_sale: new Map(), plan: new Map(), refund: new Map() };
}

/** Counts over every history of a run, for the summary. */
export interface RunStats {
  histories: number;
  steps: number;
  refusals: number;
  /** Bank checks (3-D Secure) the shop took an answer to: passed, and failed. */
  bankChecks: { passed: number; failed: number };
}

export interface World {
  handle: DatabaseHandle;
  skip: ReadonlySet<InvariantName>;
  verbose: boolean;
  stats: RunStats;
  now: Date;
  /**
   * The provider's charges made before the history began: every other charge is this history's.
   * (Not a time: embedded PGlite's clock is the model's, which each history sets anew.)
   */
  chargesBefore: ReadonlySet<string>;
  operator: UserRow;
  customers: ModelCustomer[];
  products: Record<ProductKey, ModelProduct>;
  orders: ModelOrder[];
  afterSales: ModelRecord[];
  plans: ModelPlan[];
  payments: ModelRecord[];
  refunds: ModelRecord[];
  /** Lines in each customer's cart, as the model put them there (by customer id). */
  cartLines: Map<string, number>;
  /** Provider events delivered so far, for replays. */
  events: ProviderEvent[];
  disputes: OpenDispute[];
  /** The provider's refunds (test_provider_refunds.ref) that the model has made fail. */
  failedRefunds: Set<string>;
  statuses: Statuses;
  /** The orders that ship something (a shipping method): plans and services alone ship nothing. */
  shipping: Set<string>;
  labels: Map<string, string>;
  history: string[];
  step: number;
  counter: number;
}

function suffix(): string {
  return randomBytes(3).toString("hex").toUpperCase();
}

/** A fresh token, unique in the run: idempotency keys, serials, event ids. */
export function fresh(world: World, prefix: string): string {
  world.counter += 1;
  return `${prefix}${world.counter}${randomBytes(6).toString("hex")}`;
}

/** The latest moment any history's clock reached in this process. */
let latestClock = 0;

export function setClock(world: World, at: number): void {
  world.now = new Date(at);
  latestClock = Math.max(latestClock, at);
  vi.setSystemTime(world.now);
}

/** Moves the process's clock past every moment a history reached (see moneyModelDatabase). */
export function clockPastEveryHistory(): void {
  if (latestClock > 0) vi.setSystemTime(new Date(latestClock + 86_400_000));
}

async function makeUser(handle: DatabaseHandle, label: string, role: UserRow["role"], address: UsAddress | null): Promise<UserRow> {
  const [user] = await handle.db
    .insert(users)
    .values({ email: `mm-${label}-${randomBytes(5).toString("hex")}@example.com`, username: label, role, defaultAddress: address })
    .returning();
  if (!user) throw new Error("The user insert returned no row");
  return user;
}

async function copyProducts(handle: DatabaseHandle): Promise<Record<ProductKey, ModelProduct>> {
  const demo = await handle.db
    .select()
    .from(products)
    .where(
      inArray(
        products.sku,
        PRODUCT_KEYS.map((key) => COPIES[key].demo),
      ),
    );
  const tail = suffix();
  const made: Partial<Record<ProductKey, ModelProduct>> = {};
  for (const [index, key] of PRODUCT_KEYS.entries()) {
    const { demo: demoSku, stock } = COPIES[key];
    const source = demo.find((row) => row.sku === demoSku);
    if (!source) throw new Error(`The demo catalogue has no ${demoSku}`);
    const sku = `${demoSku}-${tail}`;
    // No filter stage: the stage is unique in the catalogue, and the demo cartridges hold it.
    await handle.db.insert(products).values({
      ...source,
      sku,
      stock,
      filterStage: null,
      filterLifeMonths: null,
      sortOrder: 1_000 + index,
      createdAt: undefined,
      updatedAt: undefined,
    });
    made[key] = { key, sku, initialStock: stock };
  }
  return made as Record<ProductKey, ModelProduct>;
}

/** A new history: two customers (one with a saved address, one without), an operator, fresh products, the clock set. */
export async function newWorld(
  handle: DatabaseHandle,
  options: { startDay: number; skip: ReadonlySet<InvariantName>; verbose: boolean; stats: RunStats },
): Promise<World> {
  const world: World = {
    handle,
    skip: options.skip,
    verbose: options.verbose,
    stats: options.stats,
    now: new Date(CLOCK_ORIGIN),
    chargesBefore: new Set(),
    operator: await makeUser(handle, "op", "admin", null),
    customers: [],
    products: await copyProducts(handle),
    orders: [],
    afterSales: [],
    plans: [],
    payments: [],
    refunds: [],
    cartLines: new Map(),
    events: [],
    disputes: [],
    failedRefunds: new Set(),
    statuses: emptyStatuses(),
    shipping: new Set(),
    labels: new Map(),
    history: [],
    step: 0,
    counter: 0,
  };
  for (const [label, address] of [
    ["ada", HOUSTON],
    ["bo", null],
  ] as const) {
    const user = await makeUser(handle, label, "customer", address);
    world.customers.push({ label, id: user.id, email: user.email });
  }
  const charges = rowsOf<{ ref: string }>(await handle.db.execute(sql`select ref from test_provider_charges`));
  world.chargesBefore = new Set(charges.map((charge) => charge.ref));
  setClock(world, CLOCK_ORIGIN + options.startDay * 86_400_000);
  options.stats.histories += 1;
  return world;
}

/** The rows of a raw query, whichever engine ran it (both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  if (typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error("A raw query answered without rows");
}

export async function userRow(world: World, customer: ModelCustomer): Promise<UserRow> {
  const [row] = await world.handle.db.select().from(users).where(eq(users.id, customer.id));
  if (!row) throw new Error(`No user ${customer.label}`);
  return row;
}

export function customerOf(world: World, index: number): ModelCustomer {
  const customer = world.customers[index % world.customers.length];
  if (!customer) throw new Error("The world has no customers");
  return customer;
}

/** The `index`-th of `items` (wrapping), or undefined when there are none. */
export function pick<T>(items: readonly T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}

export function label(world: World, id: string | null | undefined): string {
  if (!id) return "none";
  return world.labels.get(id) ?? `unknown ${id.slice(0, 8)}`;
}

function remember<T extends ModelRecord>(world: World, list: T[], record: Omit<T, "label">, prefix: string): T {
  const known = list.find((item) => item.id === record.id);
  if (known) return known;
  const made = { ...record, label: `${prefix}#${list.length + 1}` } as T;
  list.push(made);
  world.labels.set(made.id, made.label);
  return made;
}

export function rememberOrder(world: World, id: string, owner: ModelCustomer, source: OrderSource): ModelOrder {
  return remember<ModelOrder>(world, world.orders, { id, owner, source, lastPayment: null }, "order");
}

export function rememberAfterSale(world: World, id: string, owner: ModelCustomer): ModelRecord {
  return remember(world, world.afterSales, { id, owner }, "request");
}

export function rememberPlan(world: World, id: string, owner: ModelCustomer, kind: PlanKind): ModelPlan {
  return remember<ModelPlan>(world, world.plans, { id, owner, kind }, kind === "care" ? "care" : "membership");
}

export function rememberPayment(world: World, id: string, owner: ModelCustomer): ModelRecord {
  return remember(world, world.payments, { id, owner }, "payment");
}

export function rememberRefund(world: World, id: string, owner: ModelCustomer): ModelRecord {
  return remember(world, world.refunds, { id, owner }, "refund");
}

export function customerById(world: World, id: string): ModelCustomer {
  const customer = world.customers.find((candidate) => candidate.id === id);
  if (!customer) throw new Error(`No customer ${id}`);
  return customer;
}

/** A history that broke an invariant or crashed: the message is what fast-check prints with the shrunk history. */
export class HistoryFailure extends Error {
  constructor(world: World, problems: readonly string[]) {
    super(
      [
        `After step ${world.step} of this history:`,
        ...problems.map((problem) => `  ✗ ${problem}`),
        `The history (customers ${world.customers.map((customer) => customer.label).join(", ")}, operator op, products by key):`,
        ...world.history.map((line) => `  ${line}`),
      ].join("\n"),
    );
    this.name = "HistoryFailure";
  }
}

export function describeError(error: unknown): string {
  if (error instanceof Error)
    return `${error.name}: ${error.message}${error.stack ? `\n${error.stack.split("\n").slice(1, 6).join("\n")}` : ""}`;
  return String(error);
}

/** What counts as a refusal: the shop's own error, with a status and a message for the customer. */
export function isRefusal(error: unknown): error is AppError {
  return error instanceof AppError;
}

export function stepClock(world: World): void {
  setClock(world, world.now.getTime() + STEP_MS);
}

export function cents(amount: number): string {
  return `$${(amount / 100).toFixed(2)}`;
}
