"use client";

import { approveAfterSale, completeAfterSale, receiveAfterSale, rejectAfterSale } from "@/lib/api/console";
import { RETURN_ADDRESS } from "@/lib/config/after-sale";
import {
  approveAfterSaleBodySchema,
  completeAfterSaleBodySchema,
  rejectAfterSaleBodySchema,
  type AfterSaleStatus,
  type AfterSaleType,
} from "@/lib/schemas/after-sale";
import { OperatorActionForm, OperatorField } from "./operator-action-form";
import { useActionNotice } from "./operator-form-parts";

type Done = (message: string) => void;

function formText(form: FormData, name: string): string {
  return String(form.get(name) ?? "");
}

function ReviewForms({ afterSaleId, onDone }: { afterSaleId: string; onDone: Done }) {
  return (
    <div className="grid gap-6 desk:grid-cols-2">
      <OperatorActionForm
        id="approve"
        title="Approve"
        read={(form) => approveAfterSaleBodySchema.safeParse({ afterSaleId, returnAddress: formText(form, "returnAddress") })}
        send={approveAfterSale}
        success="Approved. The customer is e-mailed the return address."
        submit="Approve"
        onDone={onDone}
      >
        {(action) => (
          <OperatorField
            action={action}
            name="returnAddress"
            label="Return address"
            errorId="return-address-error"
            rows={3}
            defaultValue={RETURN_ADDRESS}
          />
        )}
      </OperatorActionForm>
      <OperatorActionForm
        id="reject"
        title="Reject"
        read={(form) => rejectAfterSaleBodySchema.safeParse({ afterSaleId, reason: formText(form, "reason") })}
        send={rejectAfterSale}
        success="Rejected. The customer is e-mailed the reason."
        submit="Reject"
        danger
        onDone={onDone}
      >
        {(action) => (
          <OperatorField action={action} name="reason" label="Reason (the customer reads it)" errorId="reject-reason-error" rows={3} />
        )}
      </OperatorActionForm>
    </div>
  );
}

function CompleteForm({
  afterSaleId,
  type,
  refundAmount,
  onDone,
}: {
  afterSaleId: string;
  type: AfterSaleType;
  refundAmount: string;
  onDone: Done;
}) {
  // Returns and refunds give the money back by default; exchanges and repairs refund nothing unless typed.
  const suggested = type === "return" || type === "refund" ? refundAmount : "0.00";
  return (
    <OperatorActionForm
      id="complete"
      title="Complete"
      read={(form) => completeAfterSaleBodySchema.safeParse({ afterSaleId, refundAmount: formText(form, "refundAmount").trim() })}
      send={completeAfterSale}
      success="Completed. Any refund goes back to the customer's card."
      submit="Complete"
      onDone={onDone}
    >
      {(action) => (
        <OperatorField
          action={action}
          name="refundAmount"
          label={`Refund (USD, at most ${refundAmount})`}
          errorId="refund-amount-error"
          inputMode="decimal"
          defaultValue={suggested}
        />
      )}
    </OperatorActionForm>
  );
}

/** What an operator may do next with a request, as its status allows (the server checks again). */
export function AfterSaleActions({
  afterSaleId,
  status,
  type,
  refundAmount,
}: {
  afterSaleId: string;
  status: AfterSaleStatus;
  type: AfterSaleType;
  refundAmount: string;
}) {
  const { notice, onDone } = useActionNotice();
  let next;
  if (status === "pending_review") {
    next = <ReviewForms afterSaleId={afterSaleId} onDone={onDone} />;
  } else if (status === "returning") {
    next = (
      <OperatorActionForm
        id="receive"
        title="Goods arrived"
        send={() => receiveAfterSale(afterSaleId)}
        success="Marked received. The customer is e-mailed."
        submit="Mark received"
        onDone={onDone}
      />
    );
  } else if (status === "received") {
    next = <CompleteForm afterSaleId={afterSaleId} type={type} refundAmount={refundAmount} onDone={onDone} />;
  } else if (status === "approved") {
    next = <p className="text-sm text-ink-soft">Waiting for the customer to send the goods and enter the tracking number.</p>;
  } else {
    next = <p className="text-sm text-ink-soft">Nothing left to do on this request.</p>;
  }
  return (
    <>
      {notice}
      {next}
    </>
  );
}
