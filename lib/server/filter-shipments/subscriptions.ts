import "server-only";
import { orderAnnouncements } from "@/lib/server/orders/announcements";
import { recordFilterShipmentDelivery } from "./delivered";

/** A delivered filter shipment moves its purifiers' schedule on: lib/server/wiring calls this once per process. */
export function subscribeFilterShipmentsToOrders(): void {
  orderAnnouncements.delivered.subscribe("filter shipments: delivered", (tx, { orderId, now }) =>
    recordFilterShipmentDelivery(tx, orderId, now),
  );
}
