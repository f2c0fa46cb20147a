import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { afterSaleEvents, users, type AfterSaleEventRow, type UserRow } from "@/lib/db/schema";
import { assertOperator } from "@/lib/server/auth/roles";

export interface AdminAfterSaleEvent {
  type: string;
  actor: AfterSaleEventRow["actor"];
  /** The e-mail of the customer or operator who did it; null for the system or a removed account. */
  by: string | null;
  note: string | null;
  at: string;
}

/** A request's timeline with who did each step, for the operator console's request page. */
export async function adminAfterSaleEvents(user: Pick<UserRow, "role">, afterSaleId: string): Promise<AdminAfterSaleEvent[]> {
  assertOperator(user);
  const db = await getDb();
  const rows = await db
    .select({ event: afterSaleEvents, email: users.email })
    .from(afterSaleEvents)
    .leftJoin(users, eq(users.id, afterSaleEvents.actorUserId))
    .where(eq(afterSaleEvents.afterSaleId, afterSaleId))
    .orderBy(asc(afterSaleEvents.createdAt), asc(afterSaleEvents.id));
  return rows.map(({ event, email }) => ({
    type: event.type,
    actor: event.actor,
    by: email,
    note: event.note,
    at: event.createdAt.toISOString(),
  }));
}
