"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { CancelDialog } from "@/components/ui/cancel-dialog";
import { afterSaleQueryKey, cancelAfterSale } from "@/lib/api/after-sale";
import { afterSaleNumber } from "@/lib/display/after-sale-display";
import type { AfterSale } from "@/lib/schemas/after-sale";
import { showToastAtom } from "@/lib/state/notices";

/** Withdraws a request before the goods are received, after a confirmation. */
export function CancelAfterSaleButton({ request }: { request: AfterSale }) {
  const queryClient = useQueryClient();
  const showToast = useSetAtom(showToastAtom);

  async function confirm() {
    const updated = await cancelAfterSale(request.afterSaleId);
    queryClient.setQueryData(afterSaleQueryKey(request.afterSaleId), updated);
    showToast({ tone: "success", message: `Request #${afterSaleNumber(request.afterSaleId)} is cancelled.` });
  }

  return (
    <CancelDialog
      noun="request"
      testId="cancel-after-sale-dialog"
      description={
        request.status === "returning"
          ? "If the goods are already on their way, we send them back to you. You can open a new request later."
          : "Nothing more happens with it. You can open a new request later."
      }
      onConfirm={confirm}
    />
  );
}
