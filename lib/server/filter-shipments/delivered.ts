import "server-only";
import { eq } from "drizzle-orm";
import { laterDay } from "@/lib/rules/calendar-day";
import type { Transaction } from "@/lib/db/client";
import { filterShipments } from "@/lib/db/schema";
import { recordFilterChanges } from "@/lib/server/purifiers/lookups";
import { storeDate } from "@/lib/server/shipping/dates";

// A delivered filter order keeps the schedule moving: each stage it carried counts as changed on
// the date the shipment was for (its due date, or the postponed one), so the next due date counts
// from there and the member's schedule keeps its rhythm. A parcel that arrives after that date
// (an overdue filter shipped late) counts from its delivery day instead: counting from a date long
// past would make the next shipment due at once. The customer's own "I changed it" is a separate
// record and the later of the two wins (lib/rules/filter-stages.ts). Imports nothing of the orders
// domain, which calls it from the delivery step.

export async function recordFilterShipmentDelivery(tx: Transaction, orderId: string, deliveredAt: Date): Promise<void> {
  const shipments = await tx.select().from(filterShipments).where(eq(filterShipments.orderId, orderId));
  const deliveredOn = storeDate(deliveredAt);
  const changes = shipments.flatMap((shipment) => {
    const changedOn = laterDay(shipment.postponedTo ?? shipment.dueOn, deliveredOn);
    return shipment.stages.map((stage) => ({ purifierId: shipment.purifierId, stage, changedOn, source: "shipment" as const }));
  });
  await recordFilterChanges(tx, changes);
}
