import "server-only";
import { getDb } from "@/lib/db/client";
import { purifiersOfCustomer } from "@/lib/server/memberships/care";
import { orderAnnouncements } from "@/lib/server/orders/announcements";
import { registerDeliveredPurifiers, storeShipSerials } from "./index";
import { carePurifiersOf } from "./lookups";

/** A purifier's serial is checked when it ships and registered when it arrives: lib/server/wiring calls this once per process. */
export function subscribePurifiersToOrders(): void {
  purifiersOfCustomer.answerWith("purifiers", async (userId, db) => carePurifiersOf(db ?? (await getDb()), userId));
  orderAnnouncements.shipping.subscribe("purifiers: serials", (tx, { orderId, serials }) => storeShipSerials(tx, orderId, serials));
  orderAnnouncements.delivered.subscribe("purifiers: registered", async (tx, { orderId, userId, now }) => {
    await registerDeliveredPurifiers(tx, orderId, userId, now);
  });
}
