"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { CancelDialog } from "@/components/ui/cancel-dialog";
import { cancelOrder, orderQueryKey } from "@/lib/api/orders";
import { amountToCents, formatAmount, formatUsd } from "@/lib/rules/money";
import { cancelOrderBodySchema, type Order } from "@/lib/schemas/order";
import { showToastAtom } from "@/lib/state/notices";

/** Cancel before shipment, after a confirmation that says what happens to the customer's money. */
export function CancelOrderButton({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const showToast = useSetAtom(showToastAtom);
  const total = formatAmount(order.total);

  async function confirm(form: FormData) {
    const reason = String(form.get("reason") ?? "").trim();
    const parsed = cancelOrderBodySchema.safeParse({ orderId: order.orderId, ...(reason ? { reason } : {}) });
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    const updated = await cancelOrder(parsed.data);
    queryClient.setQueryData(orderQueryKey(order.orderId), updated);
    const refunded = amountToCents(updated.refunded);
    showToast({
      tone: "success",
      message: refunded > 0 ? `Your order is cancelled. ${formatUsd(refunded)} is refunded to your card.` : "Your order is cancelled.",
    });
  }

  return (
    <CancelDialog
      noun="order"
      testId="cancel-order-dialog"
      description={
        order.paidAt !== null
          ? `You paid ${total}. It will be refunded to the card you paid with, and the items go back on sale.`
          : "You have not been charged for it. The items go back on sale."
      }
      onConfirm={confirm}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor="cancel-reason" className="text-sm font-medium text-ink">
          Reason (optional)
        </label>
        <textarea
          id="cancel-reason"
          name="reason"
          rows={3}
          maxLength={500}
          className="rounded-xl border border-line bg-white px-4 py-3 text-base text-ink focus-visible:border-brand-500"
        />
      </div>
    </CancelDialog>
  );
}
