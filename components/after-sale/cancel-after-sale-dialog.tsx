"use client";

import { useState } from "react";
import { Dialog, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { FormAlert } from "@/components/account/form-parts";
import { afterSaleQueryKey, cancelAfterSale } from "@/lib/api/after-sale";
import { afterSaleNumber } from "@/lib/after-sale-display";
import type { AfterSale } from "@/lib/schemas/after-sale";
import { showToastAtom } from "@/lib/state/notices";

/** Withdraws a request before the goods are received, after a confirmation. */
export function CancelAfterSaleButton({ request }: { request: AfterSale }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const showToast = useSetAtom(showToastAtom);

  function close() {
    if (pending) return;
    setOpen(false);
    setError(undefined);
  }

  async function confirm() {
    setPending(true);
    setError(undefined);
    try {
      const updated = await cancelAfterSale(request.afterSaleId);
      queryClient.setQueryData(afterSaleQueryKey(request.afterSaleId), updated);
      showToast({ tone: "success", message: `Request #${afterSaleNumber(request.afterSaleId)} is cancelled.` });
      setOpen(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Something went wrong. Please try again.");
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
        Cancel request
      </button>
      <Dialog open={open} onClose={close} className="relative z-[60]">
        <div className="fixed inset-0 bg-ink/40" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel data-testid="cancel-after-sale-dialog" className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl">
            <DialogTitle className="text-xl font-semibold text-ink">Cancel this request?</DialogTitle>
            <Description className="mt-2 text-[15px] text-ink-soft">
              {request.status === "returning"
                ? "If the goods are already on their way, we send them back to you. You can open a new request later."
                : "Nothing more happens with it. You can open a new request later."}
            </Description>
            <div className="mt-5 flex flex-col gap-4">
              <FormAlert message={error} />
              <div className="flex flex-col-reverse gap-3 desk:flex-row">
                <button
                  type="button"
                  onClick={close}
                  className="h-12 flex-1 rounded-full border border-line font-semibold text-ink hover:bg-canvas"
                >
                  Keep request
                </button>
                <button
                  type="button"
                  disabled={pending}
                  onClick={() => void confirm()}
                  className="h-12 flex-1 rounded-full bg-red-700 font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:bg-red-300"
                >
                  {pending ? "Cancelling…" : "Yes, cancel request"}
                </button>
              </div>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
