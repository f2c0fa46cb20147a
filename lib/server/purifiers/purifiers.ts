import "server-only";
import { and, count, desc, eq, inArray, isNotNull, like, sql } from "drizzle-orm";
import { getDb, type DbExecutor, type Transaction } from "@/lib/db/client";
import { AWAITING_VERIFICATIONS, isVouched, MAX_AWAITING_PURIFIERS } from "@/lib/config/purifiers";
import { purifiers, type PurifierRow } from "@/lib/db/schema";
import { daysBetween } from "@/lib/rules/calendar-day";
import { filterStages } from "@/lib/rules/filter-stages";
import {
  PURIFIER_MESSAGES,
  type AddPurifierBody,
  type EditPurifierBody,
  type FilterChangeBody,
  type Purifier,
  type PurifierList,
  type ShipSerials,
} from "@/lib/schemas/purifier";
import { filterStageSpecs, firstOfCategory, productsBySku, withProducts } from "@/lib/server/catalog/lookups";
import { linesOfOrder, ordersShippingSerial, storeLineSerials } from "@/lib/server/orders/lookups";
import { AppError } from "@/lib/server/base/errors";
import { isUniqueViolation } from "@/lib/server/base/unique-violation";
import { careCoverageOf } from "@/lib/server/memberships";
import { storeDate } from "@/lib/server/shipping/dates";
import { inTransaction } from "@/lib/server/transaction";
import { filterChangesOf, lockOwnedPurifier, proofsOf, recordFilterChanges } from "./lookups";
import { movePurifierVerification } from "./verification";

// My purifiers: each purifier of a delivered order is registered to its owner in the delivery's
// transaction; a customer adds one bought elsewhere, which waits for a proof of purchase before the
// shop vouches for it (verification.ts, docs/decisions/0040). Every date is a day in the shop's time
// zone, read from the clock once (`now`, injected by tests) and compared as days from then on.

const PURIFIER_CATEGORY = "purifier";

export function fieldError(code: number, path: string, message: string): AppError {
  return new AppError(code, message, [{ path, message }]);
}

export function notFound(): AppError {
  return new AppError(404, PURIFIER_MESSAGES.notFound);
}

/** The purifiers as the customer's pages show them (the console adds its own facts to these). */
export async function toViews(db: DbExecutor, rows: readonly PurifierRow[], now: Date): Promise<Purifier[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const today = storeDate(now);
  // One after another: inside a transaction the queries share one connection.
  const specs = await filterStageSpecs(db);
  const changes = await filterChangesOf(db, ids);
  const names = [
    ...(
      await productsBySku(
        db,
        rows.map((row) => row.sku),
      )
    ).values(),
  ];
  const coverage = await careCoverageOf(db, ids, now);
  const proofs = await proofsOf(db, ids);
  return rows.map((row) => ({
    purifierId: row.id,
    skuNum: row.sku,
    name: names.find((name) => name.sku === row.sku)?.name ?? row.sku,
    serial: row.serial,
    source: row.source,
    orderId: row.orderId,
    purchasedOn: row.purchasedOn,
    installedOn: row.installedOn,
    registeredAt: row.createdAt.toISOString(),
    stages: filterStages(
      specs,
      row.installedOn,
      changes.filter((change) => change.purifierId === row.id),
      today,
    ).map((stage) => ({
      stage: stage.stage,
      skuNum: stage.sku,
      name: stage.name,
      lifeMonths: stage.lifeMonths,
      lastChangedOn: stage.lastChangedOn,
      dueOn: stage.dueOn,
      daysLeft: stage.daysLeft,
      usedPercent: stage.usedPercent,
    })),
    care: coverage.get(row.id) ?? null,
    verification: row.verification,
    rejectReason: row.verification === "rejected" ? row.rejectReason : null,
    proof: proofs.get(row.id) ?? null,
  }));
}

export async function toView(db: DbExecutor, row: PurifierRow, now: Date): Promise<Purifier> {
  const [view] = await toViews(db, [row], now);
  if (!view) throw new Error("A purifier row without its view");
  return view;
}

/**
 * Whether the shop's own records put `serial` on another purifier: one it shipped in another order
 * (shipped or delivered), or one an operator verified. A customer's word (a purifier they added, a
 * serial they typed) is not such a record, and blocks nothing.
 */
async function serialVouchedElsewhere(db: DbExecutor, serial: string, exceptOrderId: string): Promise<boolean> {
  const [verified] = await db
    .select({ id: purifiers.id })
    .from(purifiers)
    .where(and(eq(purifiers.serial, serial), eq(purifiers.verification, "verified")))
    .limit(1);
  if (verified) return true;
  return (await ordersShippingSerial(db, serial, { exceptOrderId })).length > 0;
}

/** One purifier unit of an order: its line's sku, its number in the order (0-based) and the serial shipped with it. */
interface OrderUnit {
  sku: string;
  unit: number;
  serial: string | null;
}

/** The purifier units of `orderId`, numbered across its purifier lines in sku order: how registration keys them. */
async function purifierUnitsOf(db: DbExecutor, orderId: string): Promise<OrderUnit[]> {
  const lines = (await withProducts(db, await linesOfOrder(db, orderId))).filter((line) => line.product.category === PURIFIER_CATEGORY);
  const units: OrderUnit[] = [];
  for (const line of lines) {
    for (let index = 0; index < line.quantity; index += 1) {
      units.push({ sku: line.sku, unit: units.length, serial: line.serials?.[index] ?? null });
    }
  }
  return units;
}

// Registration at delivery.

/**
 * Registers every purifier unit of `orderId` to the order's owner (inside the delivery's
 * transaction): purchased and installed on the delivery day, with the serial the operator entered
 * for that unit when shipping, and vouched for ("shipped"). Each unit is keyed (order, unit), so
 * running it twice adds nothing. A purifier the customer added earlier with that serial is that unit:
 * it is linked to the order and vouched for, rather than registered twice.
 */
export async function registerDeliveredPurifiers(
  tx: Transaction,
  orderId: string,
  userId: string,
  deliveredAt: Date,
): Promise<PurifierRow[]> {
  const day = storeDate(deliveredAt);
  const registered: PurifierRow[] = [];
  for (const { sku, unit, serial } of await purifierUnitsOf(tx, orderId)) {
    const [own] = serial
      ? await tx
          .select()
          .from(purifiers)
          .where(and(eq(purifiers.userId, userId), eq(purifiers.serial, serial)))
          .for("update")
      : [];
    if (own && own.orderId === orderId && own.orderUnit === unit) continue;
    if (own && !isVouched(own.verification)) {
      registered.push(await movePurifierVerification(tx, own.id, "shipped", { orderId, orderUnit: unit }, deliveredAt));
      continue;
    }
    const [row] = await tx
      .insert(purifiers)
      .values({
        userId,
        sku,
        // The customer holds this serial on another purifier the shop vouches for: the unit keeps none, for them to sort out.
        serial: own ? null : serial,
        source: "order",
        orderId,
        orderUnit: unit,
        purchasedOn: day,
        installedOn: day,
        verification: "shipped",
      })
      .onConflictDoNothing({ target: [purifiers.orderId, purifiers.orderUnit] })
      .returning();
    if (row) registered.push(row);
  }
  return registered;
}

/**
 * Checks the serials an operator entered when shipping `orderId` and stores them on its lines
 * (inside the shipment's transaction): only purifier lines, at most one per unit, each unique, and
 * none the shop's records already put on another purifier.
 */
export async function storeShipSerials(tx: Transaction, orderId: string, entries: ShipSerials): Promise<void> {
  const seen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const [line] = await withProducts(
      tx,
      (await linesOfOrder(tx, orderId)).filter((ordered) => ordered.sku === entry.skuNum),
    );
    if (!line || line.product.category !== PURIFIER_CATEGORY)
      throw fieldError(422, `serials.${index}.skuNum`, PURIFIER_MESSAGES.notAPurifierLine);
    if (entry.serials.length > line.quantity) {
      throw fieldError(422, `serials.${index}.serials`, PURIFIER_MESSAGES.tooManySerials(line.name, line.quantity));
    }
    for (const [position, serial] of entry.serials.entries()) {
      const path = `serials.${index}.serials.${position}`;
      if (seen.has(serial)) throw fieldError(422, path, PURIFIER_MESSAGES.serialRepeated(serial));
      seen.add(serial);
      if (await serialVouchedElsewhere(tx, serial, orderId)) throw fieldError(409, path, PURIFIER_MESSAGES.serialTaken(serial));
    }
    await storeLineSerials(tx, orderId, line.sku, entry.serials);
  }
}

// The customer's side.

export async function listPurifiers(userId: string, now: Date = new Date()): Promise<PurifierList> {
  const db = await getDb();
  const rows = await db.select().from(purifiers).where(eq(purifiers.userId, userId)).orderBy(desc(purifiers.createdAt), desc(purifiers.id));
  return { list: await toViews(db, rows, now), today: storeDate(now) };
}

function assertDates(purchasedOn: string, installedOn: string, today: string): void {
  if (daysBetween(today, purchasedOn) > 0) throw fieldError(422, "purchasedOn", PURIFIER_MESSAGES.purchaseInFuture);
  if (daysBetween(today, installedOn) > 0) throw fieldError(422, "installedOn", PURIFIER_MESSAGES.installInFuture);
  if (daysBetween(purchasedOn, installedOn) < 0) throw fieldError(422, "installedOn", PURIFIER_MESSAGES.installBeforePurchase);
}

/**
 * A purifier the customer adds: its serial, purchase day and installation day. When the serial is on
 * a line of the customer's own shipped or delivered order, the shop's record vouches for it at once
 * ("shipped"); otherwise it waits for a proof of purchase ("awaiting_proof"), whoever else claims or
 * holds that serial. The answer never depends on another customer's purifiers: a made-up serial, a
 * new one and someone else's are added alike (status, body and work done), so adding tells nobody
 * whether a serial is registered (docs/decisions/0040). Only the customer's own purifiers refuse it.
 */
export async function addPurifier(userId: string, body: AddPurifierBody, now: Date = new Date()): Promise<Purifier> {
  const installedOn = body.installedOn ?? body.purchasedOn;
  assertDates(body.purchasedOn, installedOn, storeDate(now));
  return inTransaction(async (tx) => {
    const [waiting] = await tx
      .select({ waiting: count() })
      .from(purifiers)
      .where(and(eq(purifiers.userId, userId), inArray(purifiers.verification, [...AWAITING_VERIFICATIONS])));
    if ((waiting?.waiting ?? 0) >= MAX_AWAITING_PURIFIERS) throw fieldError(409, "serial", PURIFIER_MESSAGES.tooManyAwaiting);
    const shipped = await ownShippedUnit(tx, userId, body.serial);
    const sku = shipped?.sku ?? (await firstOfCategory(tx, PURIFIER_CATEGORY))?.sku;
    if (!sku) throw new Error("The catalogue has no purifier");
    // The customer's own serial (or the unit of their order, registered already) decides a race
    // between two adds of theirs: one row, one 409. No other customer's row can conflict.
    const [row] = await tx
      .insert(purifiers)
      .values({
        userId,
        sku,
        serial: body.serial,
        source: "customer",
        purchasedOn: body.purchasedOn,
        installedOn,
        verification: shipped ? "shipped" : "awaiting_proof",
        orderId: shipped?.orderId ?? null,
        orderUnit: shipped?.unit ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fieldError(409, "serial", PURIFIER_MESSAGES.alreadyYours);
    return toView(tx, row, now);
  });
}

/** The unit of the customer's own shipped or delivered order that carried `serial`, if any. */
async function ownShippedUnit(db: DbExecutor, userId: string, serial: string): Promise<(OrderUnit & { orderId: string }) | null> {
  for (const { orderId } of await ordersShippingSerial(db, serial, { userId })) {
    const unit = (await purifierUnitsOf(db, orderId)).find((candidate) => candidate.serial === serial);
    if (unit) return { ...unit, orderId };
  }
  return null;
}

export async function lockOwnPurifier(tx: Transaction, userId: string, purifierId: string): Promise<PurifierRow> {
  const row = await lockOwnedPurifier(tx, userId, purifierId);
  if (!row) throw notFound();
  return row;
}

/** Sets or corrects the installation day; sets the serial of one registered without it. */
export async function editPurifier(userId: string, body: EditPurifierBody, now: Date = new Date()): Promise<Purifier> {
  if (body.installedOn === undefined && body.serial === undefined) throw new AppError(422, PURIFIER_MESSAGES.nothingToChange);
  const today = storeDate(now);
  try {
    return await inTransaction(async (tx) => {
      const row = await lockOwnPurifier(tx, userId, body.purifierId);
      const installedOn = body.installedOn ?? row.installedOn;
      if (body.installedOn !== undefined) assertDates(row.purchasedOn, installedOn, today);
      // Another customer's purifier with this serial is no concern of this one: only the customer's
      // own (the unique index) refuses it, as adding does.
      if (body.serial !== undefined && body.serial !== row.serial && row.serial !== null) {
        throw fieldError(409, "serial", PURIFIER_MESSAGES.serialAlreadySet);
      }
      const [updated] = await tx
        .update(purifiers)
        .set({ installedOn, serial: body.serial ?? row.serial, updatedAt: now })
        .where(eq(purifiers.id, row.id))
        .returning();
      if (!updated) throw notFound();
      return toView(tx, updated, now);
    });
  } catch (error) {
    if (body.serial && isUniqueViolation(error)) throw fieldError(409, "serial", PURIFIER_MESSAGES.alreadyYours);
    throw error;
  }
}

/** "I changed it": a cartridge change on one stage, today or on a past day since the installation. */
export async function recordFilterChange(userId: string, body: FilterChangeBody, now: Date = new Date()): Promise<Purifier> {
  const today = storeDate(now);
  const changedOn = body.changedOn ?? today;
  if (daysBetween(today, changedOn) > 0) throw fieldError(422, "changedOn", PURIFIER_MESSAGES.changeInFuture);
  return inTransaction(async (tx) => {
    const row = await lockOwnPurifier(tx, userId, body.purifierId);
    if (daysBetween(row.installedOn, changedOn) < 0) throw fieldError(422, "changedOn", PURIFIER_MESSAGES.changeBeforeInstall);
    const specs = await filterStageSpecs(tx);
    if (!specs.some((spec) => spec.stage === body.stage)) throw fieldError(422, "stage", PURIFIER_MESSAGES.unknownStage);
    await recordFilterChanges(tx, [{ purifierId: row.id, stage: body.stage, changedOn, source: "customer" }]);
    return toView(tx, row, now);
  });
}

/** One of the customer's purifiers, or null (another customer's answers the same as none). */
export async function ownPurifier(db: DbExecutor, userId: string, purifierId: string): Promise<PurifierRow | null> {
  const [row] = await db
    .select()
    .from(purifiers)
    .where(and(eq(purifiers.id, purifierId), eq(purifiers.userId, userId)));
  return row ?? null;
}

/**
 * The customer's own purifiers whose serial holds `serialPart` (upper-case), newest first, with the
 * model's name. The owner is in the same statement as the search: never another customer's purifier.
 */
export async function searchOwnPurifiers(
  userId: string,
  serialPart: string,
  page: { limit: number; offset: number },
): Promise<{ list: { id: string; serial: string; model: string }[]; total: number }> {
  const db = await getDb();
  const pattern = `%${serialPart.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await db
    .select({ row: purifiers, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(purifiers)
    .where(and(eq(purifiers.userId, userId), isNotNull(purifiers.serial), like(purifiers.serial, pattern)))
    .orderBy(desc(purifiers.createdAt), desc(purifiers.id))
    .limit(page.limit)
    .offset(page.offset);
  const models = await productsBySku(
    db,
    rows.map(({ row }) => row.sku),
  );
  return {
    total: rows[0]?.total ?? 0,
    list: rows.map(({ row }) => ({ id: row.id, serial: row.serial ?? "", model: models.get(row.sku)?.name ?? row.sku })),
  };
}
