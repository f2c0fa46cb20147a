import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { afterSaleEvents, type AfterSaleEventRow, type UserRow } from "@/lib/db/schema";
import { assertOperator } from "@/lib/server/auth/roles";
import { emailsOfUsers } from "@/lib/server/auth/users";

export interface OperatorAfterSaleEvent {
  type: string;
  actor: AfterSaleEventRow["actor"];
  /** The e-mail of the customer or operator who did it; null for the system or a removed account. */
  by: string | null;
  note: string | null;
  at: string;
}

/** A request's timeline with who did each step, for the operator console's request page. */
export async function operatorAfterSaleEvents(user: Pick<UserRow, "role">, afterSaleId: string): Promise<OperatorAfterSaleEvent[]> {
  assertOperator(user);
  const db = await getDb();
  const events = await db
    .select()
    .from(afterSaleEvents)
    .where(eq(afterSaleEvents.afterSaleId, afterSaleId))
    .orderBy(asc(afterSaleEvents.createdAt), asc(afterSaleEvents.id));
  const emailOf = await emailsOfUsers(
    db,
    events.map((event) => event.actorUserId),
  );
  return events.map((event) => ({
    type: event.type,
    actor: event.actor,
    by: emailOf(event.actorUserId),
    note: event.note,
    at: event.createdAt.toISOString(),
  }));
}
