import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { memberships, orderItems, orders } from "@/lib/db/schema";
import type { Purifier } from "@/lib/schemas/purifier";
import { listPurifiers } from "@/lib/server/purifiers";
import { toOrderView } from "@/lib/server/orders/view";
import { afterSaleClaimed } from "./claims";

export interface PurchasedDevice {
  orderId: string;
  skuNum: string;
  name: string;
  image: string | null;
  quantity: number;
  /** Units no open or completed after-sale request holds yet. */
  remaining: number;
  orderedAt: string;
  deliveredAt: string | null;
}

/** A customer is unlikely to own more; the page lists the newest ones. */
const DEVICE_LIMIT = 20;

/**
 * The lines of one product in the customer's shipped or delivered orders, newest first: the devices
 * a repair request can be about. The remaining count comes from the order's own view, so it is the
 * same number the order page and the apply call use.
 */
export async function listPurchasedDevices(userId: string, sku: string): Promise<PurchasedDevice[]> {
  const db = await getDb();
  const rows = await db
    .select({ order: orders })
    .from(orders)
    .innerJoin(orderItems, and(eq(orderItems.orderId, orders.id), eq(orderItems.sku, sku)))
    .where(and(eq(orders.userId, userId), inArray(orders.status, ["shipped", "delivered"])))
    .orderBy(desc(orders.createdAt))
    .limit(DEVICE_LIMIT);
  const devices: PurchasedDevice[] = [];
  for (const { order } of rows) {
    const view = await toOrderView(db, order);
    const item = view.items.find((line) => line.skuNum === sku);
    if (!item) continue;
    devices.push({
      orderId: view.orderId,
      skuNum: item.skuNum,
      name: item.name,
      image: item.image[0] ?? null,
      quantity: item.quantity,
      remaining: view.afterSaleRemaining[sku] ?? 0,
      orderedAt: view.createdAt,
      deliveredAt: view.deliveredAt,
    });
  }
  return devices;
}

export interface CareRepairLine {
  /** The order that bought the plan, and the plan's line in it: where the repair request is filed. */
  orderId: string;
  skuNum: string;
  name: string;
  /** Units of the plan's line no open request holds. */
  remaining: number;
  purifier: Purifier;
}

/**
 * Purifiers bought elsewhere that a running Lenwell Care plan covers. They have no order of ours, so
 * each one's repair is filed against the line of the order that bought its plan.
 */
export async function listCareRepairLines(userId: string, now: Date = new Date()): Promise<CareRepairLine[]> {
  const db = await getDb();
  const { list } = await listPurifiers(userId, now);
  const covered = list.flatMap((purifier) =>
    purifier.orderId === null && purifier.care?.status === "active" ? [{ purifier, planId: purifier.care.planId }] : [],
  );
  if (covered.length === 0) return [];
  const plans = await db
    .select({
      id: memberships.id,
      orderId: memberships.orderId,
      sku: memberships.sku,
      name: orderItems.name,
      quantity: orderItems.quantity,
    })
    .from(memberships)
    .innerJoin(orderItems, and(eq(orderItems.orderId, memberships.orderId), eq(orderItems.sku, memberships.sku)))
    .where(
      and(
        eq(memberships.userId, userId),
        inArray(
          memberships.id,
          covered.map((entry) => entry.planId),
        ),
      ),
    );
  const lines: CareRepairLine[] = [];
  for (const { purifier, planId } of covered) {
    const plan = plans.find((row) => row.id === planId);
    if (!plan?.orderId) continue;
    const claimed = (await afterSaleClaimed(db, plan.orderId)).get(plan.sku) ?? 0;
    lines.push({ orderId: plan.orderId, skuNum: plan.sku, name: plan.name, remaining: Math.max(0, plan.quantity - claimed), purifier });
  }
  return lines;
}
