import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { afterSaleEvents, type UserRow } from "@/lib/db/schema";
import { assertOperator } from "@/lib/server/auth/roles";
import { timelineSteps, type TimelineStep } from "@/lib/server/auth/timeline-steps";

export type OperatorAfterSaleEvent = TimelineStep;

/** A request's timeline with who did each step, for the operator console's request page. */
export async function operatorAfterSaleEvents(user: Pick<UserRow, "role">, afterSaleId: string): Promise<OperatorAfterSaleEvent[]> {
  assertOperator(user);
  const db = await getDb();
  const events = await db
    .select()
    .from(afterSaleEvents)
    .where(eq(afterSaleEvents.afterSaleId, afterSaleId))
    .orderBy(asc(afterSaleEvents.createdAt), asc(afterSaleEvents.id));
  return timelineSteps(db, events);
}
