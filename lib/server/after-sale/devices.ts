import "server-only";
import { getDb } from "@/lib/db/client";
import type { Purifier } from "@/lib/schemas/purifier";
import { plansById } from "@/lib/server/memberships/plan-rows";
import { customerOrdersWithSku, orderLine } from "@/lib/server/orders/lookups";
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
  const rows = await customerOrdersWithSku(db, { userId, sku, statuses: ["shipped", "delivered"] }, DEVICE_LIMIT);
  const devices: PurchasedDevice[] = [];
  for (const order of rows) {
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
  const plans = await plansById(
    db,
    covered.map((entry) => entry.planId),
    userId,
  );
  const lines: CareRepairLine[] = [];
  for (const { purifier, planId } of covered) {
    const plan = plans.find((row) => row.id === planId);
    if (!plan?.orderId) continue;
    const line = await orderLine(db, plan.orderId, plan.sku);
    if (!line) continue;
    const claimed = (await afterSaleClaimed(db, plan.orderId)).get(plan.sku) ?? 0;
    lines.push({ orderId: plan.orderId, skuNum: plan.sku, name: line.name, remaining: Math.max(0, line.quantity - claimed), purifier });
  }
  return lines;
}
