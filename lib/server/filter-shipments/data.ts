import "server-only";
import { inArray } from "drizzle-orm";
import type { DbExecutor } from "@/lib/db/client";
import { filterShipments, type PurifierRow } from "@/lib/db/schema";
import type { FilterChangeRecord } from "@/lib/rules/filter-stages";
import { usersById } from "@/lib/server/auth/users";
import { ordersById } from "@/lib/server/orders/lookups";
import { filterChangesOf, findPurifiers } from "@/lib/server/purifiers/lookups";
import type { ShipmentRecord } from "./plan";

// What the filter schedule reads: the purifiers with their changes and shipment decisions (the
// catalogue's filter stages and who is a member come from their owners).

export interface ScheduledPurifier {
  purifier: PurifierRow;
  email: string;
  name: string | null;
  changes: FilterChangeRecord[];
  records: (ShipmentRecord & { id: string })[];
}

/**
 * Purifiers (all, or one owner's, or some by id) with their changes and shipment rows. A shipment
 * whose order was cancelled counts as skipped: nobody is sending that cartridge, and the stage's
 * schedule must go on rather than wait for an order that will never be delivered.
 */
export async function loadScheduledPurifiers(
  db: DbExecutor,
  where: { userId?: string; purifierIds?: readonly string[] } = {},
): Promise<ScheduledPurifier[]> {
  const owned = await findPurifiers(db, where);
  if (owned.length === 0) return [];
  const ids = owned.map((purifier) => purifier.id);
  const owners = await usersById(
    db,
    owned.map((purifier) => purifier.userId),
  );
  const rows = owned.map((purifier) => {
    const owner = owners.get(purifier.userId);
    return { purifier, email: owner?.email ?? "", name: owner?.username ?? null };
  });
  const changes = await filterChangesOf(db, ids);
  const shipped = await db.select().from(filterShipments).where(inArray(filterShipments.purifierId, ids));
  const orderOf = await ordersById(
    db,
    shipped.map((shipment) => shipment.orderId),
  );
  const shipments = shipped.map((shipment) => ({
    shipment,
    orderStatus: shipment.orderId === null ? null : (orderOf.get(shipment.orderId)?.status ?? null),
  }));
  return rows.map((row) => ({
    purifier: row.purifier,
    email: row.email,
    name: row.name,
    changes: changes.filter((change) => change.purifierId === row.purifier.id),
    records: shipments
      .filter(({ shipment }) => shipment.purifierId === row.purifier.id)
      .map(({ shipment, orderStatus }) => ({
        id: shipment.id,
        dueOn: shipment.dueOn,
        stages: shipment.stages,
        status: shipment.status === "ordered" && orderStatus === "cancelled" ? "skipped" : shipment.status,
        postponedTo: shipment.postponedTo,
        orderId: shipment.orderId,
      })),
  }));
}
