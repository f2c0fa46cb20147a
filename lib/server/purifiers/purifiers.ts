import "server-only";
import { and, desc, eq, ilike } from "drizzle-orm";
import { getDb, type DbExecutor, type Transaction } from "@/lib/db/client";
import { purifiers, type PurifierRow, type UserRow } from "@/lib/db/schema";
import { daysBetween } from "@/lib/rules/calendar-day";
import { filterStages } from "@/lib/rules/filter-stages";
import {
  PURIFIER_MESSAGES,
  type AddPurifierBody,
  type OperatorPurifier,
  type OperatorPurifierListQuery,
  type EditPurifierBody,
  type FilterChangeBody,
  type Purifier,
  type PurifierList,
  type ShipSerials,
} from "@/lib/schemas/purifier";
import { assertOperator } from "@/lib/server/auth/roles";
import { emailsOfUsers } from "@/lib/server/auth/users";
import { filterStageSpecs, firstOfCategory, productsBySku, withProducts } from "@/lib/server/catalog/lookups";
import { linesOfOrder, serialOnTheWay, storeLineSerials } from "@/lib/server/orders/lookups";
import { AppError } from "@/lib/server/base/errors";
import { isUniqueViolation } from "@/lib/server/base/unique-violation";
import { careCoverageOf } from "@/lib/server/memberships";
import { escapeLike } from "@/lib/server/base/console-search";
import { readPage } from "@/lib/server/base/paging";
import { storeDate } from "@/lib/server/shipping/dates";
import { inTransaction } from "@/lib/server/transaction";
import { filterChangesOf, lockOwnedPurifier, recordFilterChanges } from "./lookups";

// My purifiers: each purifier of a delivered order is registered to its owner in the delivery's
// transaction; a customer adds one bought elsewhere. Every date is a day in the shop's time zone,
// read from the clock once (`now`, injected by tests) and compared as days from then on.

const PURIFIER_CATEGORY = "purifier";

function fieldError(code: number, path: string, message: string): AppError {
  return new AppError(code, message, [{ path, message }]);
}

function notFound(): AppError {
  return new AppError(404, PURIFIER_MESSAGES.notFound);
}

async function toViews(db: DbExecutor, rows: readonly PurifierRow[], now: Date): Promise<Purifier[]> {
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
  }));
}

async function toView(db: DbExecutor, row: PurifierRow, now: Date): Promise<Purifier> {
  const [view] = await toViews(db, [row], now);
  if (!view) throw new Error("A purifier row without its view");
  return view;
}

/** Whether `serial` is on a registered purifier, or promised to a unit of another order still on its way. */
async function serialInUse(db: DbExecutor, serial: string, exceptOrderId?: string): Promise<boolean> {
  const [registered] = await db.select({ id: purifiers.id }).from(purifiers).where(eq(purifiers.serial, serial)).limit(1);
  if (registered) return true;
  return serialOnTheWay(db, serial, exceptOrderId);
}

// Registration at delivery.

/**
 * Registers every purifier unit of `orderId` to the order's owner (inside the delivery's
 * transaction): purchased and installed on the delivery day, with the serial the operator entered
 * for that unit when shipping. Each unit is keyed (order, unit), so running it twice adds nothing.
 * A serial someone registered meanwhile is left off rather than failing the delivery; the owner or
 * the shop sets it later.
 */
export async function registerDeliveredPurifiers(
  tx: Transaction,
  orderId: string,
  userId: string,
  deliveredAt: Date,
): Promise<PurifierRow[]> {
  const lines = (await withProducts(tx, await linesOfOrder(tx, orderId))).filter((line) => line.product.category === PURIFIER_CATEGORY);
  const day = storeDate(deliveredAt);
  const registered: PurifierRow[] = [];
  let unit = 0;
  for (const line of lines) {
    for (let index = 0; index < line.quantity; index += 1, unit += 1) {
      const wanted = line.serials?.[index] ?? null;
      const [taken] = wanted ? await tx.select({ id: purifiers.id }).from(purifiers).where(eq(purifiers.serial, wanted)).limit(1) : [];
      const [row] = await tx
        .insert(purifiers)
        .values({
          userId,
          sku: line.sku,
          serial: taken ? null : wanted,
          source: "order",
          orderId,
          orderUnit: unit,
          purchasedOn: day,
          installedOn: day,
        })
        .onConflictDoNothing({ target: [purifiers.orderId, purifiers.orderUnit] })
        .returning();
      if (row) registered.push(row);
    }
  }
  return registered;
}

/**
 * Checks the serials an operator entered when shipping `orderId` and stores them on its lines
 * (inside the shipment's transaction): only purifier lines, at most one per unit, each unique.
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
      if (await serialInUse(tx, serial, orderId)) throw fieldError(409, path, PURIFIER_MESSAGES.serialTaken(serial));
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

/** A purifier bought elsewhere: its serial (required, unique), purchase day and installation day. */
export async function addPurifier(userId: string, body: AddPurifierBody, now: Date = new Date()): Promise<Purifier> {
  const installedOn = body.installedOn ?? body.purchasedOn;
  assertDates(body.purchasedOn, installedOn, storeDate(now));
  return inTransaction(async (tx) => {
    if (await serialInUse(tx, body.serial)) throw fieldError(409, "serial", PURIFIER_MESSAGES.serialTaken(body.serial));
    const sku = await firstOfCategory(tx, PURIFIER_CATEGORY);
    if (!sku) throw new Error("The catalogue has no purifier");
    // The unique serial decides a race between two adds of the same serial: one row, one 409.
    const [row] = await tx
      .insert(purifiers)
      .values({ userId, sku: sku.sku, serial: body.serial, source: "customer", purchasedOn: body.purchasedOn, installedOn })
      .onConflictDoNothing({ target: purifiers.serial })
      .returning();
    if (!row) throw fieldError(409, "serial", PURIFIER_MESSAGES.serialTaken(body.serial));
    return toView(tx, row, now);
  });
}

async function lockOwnPurifier(tx: Transaction, userId: string, purifierId: string): Promise<PurifierRow> {
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
      if (body.serial !== undefined && body.serial !== row.serial) {
        if (row.serial !== null) throw fieldError(409, "serial", PURIFIER_MESSAGES.serialAlreadySet);
        if (await serialInUse(tx, body.serial)) throw fieldError(409, "serial", PURIFIER_MESSAGES.serialTaken(body.serial));
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
    if (body.serial && isUniqueViolation(error)) throw fieldError(409, "serial", PURIFIER_MESSAGES.serialTaken(body.serial));
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

// The console.

/** Purifiers by part of their serial, or the most recent registrations; each with its owner. */
export async function operatorListPurifiers(
  user: Pick<UserRow, "role">,
  query: OperatorPurifierListQuery,
  now: Date = new Date(),
): Promise<{ list: OperatorPurifier[]; total: number; today: string }> {
  assertOperator(user);
  const db = await getDb();
  const serial = query.serial?.toUpperCase();
  const where = serial ? ilike(purifiers.serial, `%${escapeLike(serial)}%`) : undefined;
  const matching = db.select({ purifier: purifiers }).from(purifiers);
  const { rows, total } = await readPage(db, query, matching.where(where).$dynamic(), [desc(purifiers.createdAt), desc(purifiers.id)]);
  const views = await toViews(
    db,
    rows.map((row) => row.purifier),
    now,
  );
  const emailOf = await emailsOfUsers(
    db,
    rows.map((row) => row.purifier.userId),
  );
  return {
    total,
    today: storeDate(now),
    list: views.map((view, index) => ({
      ...view,
      customer: { id: rows[index]?.purifier.userId ?? "", email: emailOf(rows[index]?.purifier.userId ?? "") ?? "" },
    })),
  };
}
