"use client";

import { useSetAtom } from "jotai";
import { rejectPurifier, verifyPurifier } from "@/lib/api/console";
import { REJECT_REASON_MAX, type PurifierVerification } from "@/lib/config/purifiers";
import { rejectPurifierBodySchema } from "@/lib/schemas/purifier";
import { showToastAtom } from "@/lib/state/notices";
import { OperatorActionForm, OperatorField, checkedCall } from "./operator-action-form";

/**
 * What an operator decides on a purifier waiting for verification: verify it from its proof (only
 * once there is one), or reject it with a reason the customer reads. The row leaves the queue once
 * decided, so the outcome is a toast; the server checks the state again.
 */
export function PurifierReviewActions({
  purifierId,
  serial,
  verification,
}: {
  purifierId: string;
  serial: string | null;
  verification: PurifierVerification;
}) {
  const showToast = useSetAtom(showToastAtom);
  const onDone = (message: string) => showToast({ tone: "success", message });
  const unit = serial ?? "the purifier";
  const reject = checkedCall(rejectPurifierBodySchema, rejectPurifier);
  return (
    <div className="flex min-w-56 flex-col gap-4">
      {verification === "in_review" ? (
        <OperatorActionForm
          label={`Verify ${unit}`}
          submit="Verify"
          pending="Verifying…"
          success={`${unit} verified. The customer is e-mailed and may now buy Lenwell Care for it.`}
          send={() => verifyPurifier(purifierId)}
          onDone={onDone}
        />
      ) : (
        <p className="text-sm text-ink-soft">No proof of purchase yet: nothing to verify.</p>
      )}
      <OperatorActionForm
        label={`Reject ${unit}`}
        submit="Reject"
        pending="Rejecting…"
        danger
        success={`${unit} rejected. The customer is e-mailed the reason.`}
        read={(form) => reject({ purifierId, reason: String(form.get("reason") ?? "").trim() })}
        send={(send) => send()}
        onDone={onDone}
      >
        {(action) => (
          <OperatorField
            action={action}
            name="reason"
            label="Reason (the customer reads it)"
            errorId={`reject-reason-${purifierId}-error`}
            rows={2}
            maxLength={REJECT_REASON_MAX}
          />
        )}
      </OperatorActionForm>
    </div>
  );
}
