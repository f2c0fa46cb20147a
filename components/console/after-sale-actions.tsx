"use client";

import type { ComponentProps } from "react";
import { approveAfterSale, completeAfterSale, receiveAfterSale, rejectAfterSale } from "@/lib/api/console";
import { RETURN_ADDRESS } from "@/lib/config/after-sale";
import {
  approveAfterSaleBodySchema,
  completeAfterSaleBodySchema,
  rejectAfterSaleBodySchema,
  type AfterSaleStatus,
  type AfterSaleType,
} from "@/lib/schemas/after-sale";
import { OperatorActionForm, OperatorField, checkedCall, type ActionWords } from "./operator-action-form";
import { useActionNotice } from "./operator-form-parts";

type Done = (message: string) => void;

/** An action that sends the request's id and one typed value, named by its field. */
type FieldAction = ActionWords & {
  field: Omit<ComponentProps<typeof OperatorField>, "action">;
  call: ReturnType<typeof checkedCall>;
};

const REVIEW: readonly FieldAction[] = [
  {
    id: "approve",
    title: "Approve",
    submit: "Approve",
    success: "Approved. The customer is e-mailed the return address.",
    field: { name: "returnAddress", label: "Return address", errorId: "return-address-error", rows: 3, defaultValue: RETURN_ADDRESS },
    call: checkedCall(approveAfterSaleBodySchema, approveAfterSale),
  },
  {
    id: "reject",
    title: "Reject",
    submit: "Reject",
    danger: true,
    success: "Rejected. The customer is e-mailed the reason.",
    field: { name: "reason", label: "Reason (the customer reads it)", errorId: "reject-reason-error", rows: 3 },
    call: checkedCall(rejectAfterSaleBodySchema, rejectAfterSale),
  },
];

/** Completing: returns and refunds give the money back by default; exchanges and repairs refund nothing unless typed. */
function completeAction(type: AfterSaleType, refundAmount: string): FieldAction {
  const suggested = type === "return" || type === "refund" ? refundAmount : "0.00";
  return {
    id: "complete",
    title: "Complete",
    submit: "Complete",
    success: "Completed. Any refund goes back to the customer's card.",
    field: {
      name: "refundAmount",
      label: `Refund (USD, at most ${refundAmount})`,
      errorId: "refund-amount-error",
      inputMode: "decimal",
      defaultValue: suggested,
    },
    call: checkedCall(completeAfterSaleBodySchema, completeAfterSale),
  };
}

const RECEIVE: ActionWords = {
  id: "receive",
  title: "Goods arrived",
  submit: "Mark received",
  success: "Marked received. The customer is e-mailed.",
};

/** One field action's form: the value typed (trimmed; the schemas trim too) sent with the request's id. */
function FieldActionForm({ afterSaleId, action, onDone }: { afterSaleId: string; action: FieldAction; onDone: Done }) {
  const { field, call, ...words } = action;
  return (
    <OperatorActionForm
      {...words}
      read={(form) => call({ afterSaleId, [field.name]: String(form.get(field.name) ?? "").trim() })}
      send={(send) => send()}
      onDone={onDone}
    >
      {(state) => <OperatorField action={state} {...field} />}
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
    next = (
      <div className="grid gap-6 desk:grid-cols-2">
        {REVIEW.map((action) => (
          <FieldActionForm key={action.id} afterSaleId={afterSaleId} action={action} onDone={onDone} />
        ))}
      </div>
    );
  } else if (status === "returning") {
    next = <OperatorActionForm {...RECEIVE} send={() => receiveAfterSale(afterSaleId)} onDone={onDone} />;
  } else if (status === "received") {
    next = <FieldActionForm afterSaleId={afterSaleId} action={completeAction(type, refundAmount)} onDone={onDone} />;
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
