import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { orderItems, orders } from "@/lib/db/schema";
import { toOrderView } from "./view";

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
