"use client";

import { useState, type FormEvent } from "react";
import { Dialog, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { FormAlert } from "@/components/account/form-parts";
import { ApiError } from "@/lib/api/envelope";
import { cancelOrder, orderQueryKey } from "@/lib/api/orders";
import { amountToCents, formatUsd } from "@/lib/money";
import { cancelOrderBodySchema, type Order } from "@/lib/schemas/order";
import { showToastAtom } from "@/lib/state/notices";

/** Cancel before shipment, after a confirmation that says what happens to the customer's money. */
export function CancelOrderButton({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const showToast = useSetAtom(showToastAtom);
  const paid = order.paidAt !== null;
  const total = formatUsd(amountToCents(order.total));

  function close() {
    if (pending) return;
    setOpen(false);
    setError(undefined);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "").trim();
    const parsed = cancelOrderBodySchema.safeParse({ orderId: order.orderId, ...(reason ? { reason } : {}) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      const updated = await cancelOrder(parsed.data);
      queryClient.setQueryData(orderQueryKey(order.orderId), updated);
      const refunded = amountToCents(updated.refunded);
      showToast({
        tone: "success",
        message: refunded > 0 ? `Your order is cancelled. ${formatUsd(refunded)} is refunded to your card.` : "Your order is cancelled.",
      });
      setOpen(false);
    } catch (failure) {
      setError(failure instanceof ApiError || failure instanceof Error ? failure.message : "Something went wrong. Please try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="h-12 w-full rounded-full border border-red-300 bg-white font-semibold text-red-800 hover:bg-red-50"
      >
        Cancel order
      </button>
      <Dialog open={open} onClose={close} className="relative z-[60]">
        <div className="fixed inset-0 bg-ink/40" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel data-testid="cancel-order-dialog" className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl">
            <DialogTitle className="text-xl font-semibold text-ink">Cancel this order?</DialogTitle>
            <Description className="mt-2 text-[15px] text-ink-soft">
              {paid
                ? `You paid ${total}. It will be refunded to the card you paid with, and the items go back on sale.`
                : "You have not been charged for it. The items go back on sale."}
            </Description>
            <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-5 flex flex-col gap-4">
              <FormAlert message={error} />
              <div className="flex flex-col gap-1.5">
                <label htmlFor="cancel-reason" className="text-sm font-medium text-ink">
                  Reason (optional)
                </label>
                <textarea
                  id="cancel-reason"
                  name="reason"
                  rows={3}
                  maxLength={500}
                  className="rounded-xl border border-line bg-white px-4 py-3 text-base text-ink outline-none focus-visible:border-brand-500"
                />
              </div>
              <div className="flex flex-col-reverse gap-3 desk:flex-row">
                <button
                  type="button"
                  onClick={close}
                  className="h-12 flex-1 rounded-full border border-line font-semibold text-ink hover:bg-canvas"
                >
                  Keep order
                </button>
                <button
                  type="submit"
                  disabled={pending}
                  className="h-12 flex-1 rounded-full bg-red-700 font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:bg-red-300"
                >
                  {pending ? "Cancelling…" : "Yes, cancel order"}
                </button>
              </div>
            </form>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
