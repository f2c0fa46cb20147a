"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { CancelDialog } from "@/components/ui/cancel-dialog";
import { cancelCare, previewCareCancel } from "@/lib/api/memberships";
import type { CareCancellation } from "@/lib/schemas/purifier";
import { showToastAtom } from "@/lib/state/notices";

/** What cancelling gives back, in the dialog's and the toast's words. */
export function careRefundWords(cancellation: CareCancellation): string {
  if (Number(cancellation.refund) <= 0) return cancellation.why;
  return `$${cancellation.refund} comes back to ${cancellation.card ?? "the card you paid with"} (${cancellation.why}).`;
}

/**
 * "Cancel Lenwell Care" for a running or queued plan: the dialog states what the plan's rule gives
 * back now (asked of the server, never worked out here), and the plan ends on confirming.
 */
export function CancelCareButton({ planId, onCancelled }: { planId: string; onCancelled: () => void }) {
  const showToast = useSetAtom(showToastAtom);
  // Asked when the dialog opens, so the amount is as of now.
  const [asked, setAsked] = useState(false);
  const preview = useQuery({ queryKey: ["care-cancel", planId], queryFn: () => previewCareCancel(planId), enabled: asked, staleTime: 0 });
  const refund = preview.data ? careRefundWords(preview.data) : "We are working out what comes back…";

  async function confirm() {
    const done = await cancelCare(planId);
    showToast({ tone: "success", message: `Your Lenwell Care plan is cancelled. ${careRefundWords(done)}` });
    onCancelled();
  }

  return (
    <CancelDialog
      noun="Lenwell Care"
      testId="cancel-care-dialog"
      description={`The plan ends now, and repairs from today on are no longer covered (a repair you have already asked for still is). ${refund}`}
      onConfirm={confirm}
      onOpen={() => setAsked(true)}
    />
  );
}
