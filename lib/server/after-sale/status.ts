import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Transaction } from "@/lib/db/client";
import { afterSaleRequests, type AfterSaleRow } from "@/lib/db/schema";
import type { AfterSaleStatus } from "@/lib/schemas/after-sale";

// An after-sale request's life, in one place: which status may follow which, and so what the
// customer may still do. moveAfterSale is the only code that changes a request's status once it is
// made ("pending_review"); a test reads the sources to hold that.
//
//   pending_review → approved → returning → received → completed
//         ↓              ↓          ↓
//      rejected      cancelled  cancelled      (pending_review → cancelled too)

export const AFTER_SALE_NEXT: Readonly<Record<AfterSaleStatus, readonly AfterSaleStatus[]>> = {
  pending_review: ["approved", "rejected", "cancelled"],
  approved: ["returning", "cancelled"],
  returning: ["received", "cancelled"],
  received: ["completed"],
  completed: [],
  rejected: [],
  cancelled: [],
};

function statusesBefore(to: AfterSaleStatus): AfterSaleStatus[] {
  return (Object.keys(AFTER_SALE_NEXT) as AfterSaleStatus[]).filter((from) => AFTER_SALE_NEXT[from].includes(to));
}

/** The customer may cancel until the goods are received. */
export function canCancelAfterSale(status: AfterSaleStatus): boolean {
  return AFTER_SALE_NEXT[status].includes("cancelled");
}

/** Approved: the customer is to send the goods and say how. */
export function canSubmitTracking(status: AfterSaleStatus): boolean {
  return AFTER_SALE_NEXT[status].includes("returning");
}

type StatusFields = Partial<
  Pick<typeof afterSaleRequests.$inferInsert, "returnAddress" | "rejectReason" | "carrier" | "trackNumber" | "refundedCents">
>;

/**
 * Moves a request to `to` (the caller holds its lock and has answered a wrong status with its own
 * 409); a request whose status may not become `to` is a bug of the caller, and throws.
 */
export async function moveAfterSale(tx: Transaction, id: string, to: AfterSaleStatus, fields: StatusFields = {}): Promise<AfterSaleRow> {
  const [moved] = await tx
    .update(afterSaleRequests)
    .set({ ...fields, status: to, updatedAt: new Date() })
    .where(and(eq(afterSaleRequests.id, id), inArray(afterSaleRequests.status, statusesBefore(to))))
    .returning();
  if (!moved) throw new Error(`After-sale request ${id} cannot become ${to} from its current status`);
  return moved;
}
