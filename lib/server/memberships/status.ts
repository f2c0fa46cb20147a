import "server-only";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Transaction } from "@/lib/db/client";
import { memberships, type MembershipRow, type MembershipStatus } from "@/lib/db/schema";

// A plan's life, in one place: which status may follow which. moveMembership and moveMemberships are
// the only code that changes a plan's status once it exists (a plan is born "active" when its order
// is paid; a test reads the sources to hold that):
//
//   active ⇄ past_due          a renewal charge failed (retried), or went through again
//   active, past_due → cancelled   the holder or an operator cancelled it under its rule, or a
//                                  refund or dispute reached its line
//   active, past_due → expired     it lapsed after its last retry, or a newly paid one replaced it
//
// "active → active" and "past_due → past_due" are a plan staying where it is while its period or
// its retry moves on.

export const MEMBERSHIP_NEXT: Readonly<Record<MembershipStatus, readonly MembershipStatus[]>> = {
  active: ["active", "past_due", "cancelled", "expired"],
  past_due: ["past_due", "active", "cancelled", "expired"],
  cancelled: [],
  expired: [],
};

function statusesBefore(to: MembershipStatus): MembershipStatus[] {
  return (Object.keys(MEMBERSHIP_NEXT) as MembershipStatus[]).filter((from) => MEMBERSHIP_NEXT[from].includes(to));
}

type StatusFields = Partial<Omit<typeof memberships.$inferInsert, "id" | "status" | "userId" | "kind" | "sku">>;

/** Moves every plan `where` selects that may become `to`; returns the plans moved. */
export async function moveMemberships(
  tx: Transaction,
  to: MembershipStatus,
  where: SQL | undefined,
  fields: StatusFields = {},
): Promise<MembershipRow[]> {
  return tx
    .update(memberships)
    .set({ ...fields, status: to })
    .where(and(inArray(memberships.status, statusesBefore(to)), where))
    .returning();
}

/** Moves one plan to `to`; a plan whose status may not become `to` is a bug of the caller, and throws. */
export async function moveMembership(tx: Transaction, id: string, to: MembershipStatus, fields: StatusFields = {}): Promise<MembershipRow> {
  const [moved] = await moveMemberships(tx, to, eq(memberships.id, id), fields);
  if (!moved) throw new Error(`Plan ${id} cannot become ${to} from its current status`);
  return moved;
}
