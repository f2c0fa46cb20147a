"use client";

import type { FormEvent } from "react";
import { approveAfterSale, completeAfterSale, receiveAfterSale, rejectAfterSale } from "@/lib/api/console";
import { RETURN_ADDRESS } from "@/lib/config/after-sale";
import {
  approveAfterSaleBodySchema,
  completeAfterSaleBodySchema,
  rejectAfterSaleBodySchema,
  type AfterSaleStatus,
  type AfterSaleType,
} from "@/lib/schemas/after-sale";
import { Button } from "@/components/ui/button";
import {
  ActionOutcome,
  FieldMessage,
  dangerButtonClass,
  inputClass,
  operatorButtonSize,
  useActionNotice,
  useOperatorAction,
} from "./operator-form-parts";

type Action = ReturnType<typeof useOperatorAction>;
type Done = (message: string) => void;

function formText(event: FormEvent<HTMLFormElement>, name: string): string {
  return String(new FormData(event.currentTarget).get(name) ?? "");
}

/** Shows a schema's refusal under the fields, as the server would name them. */
function refuse(action: Action, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  action.setError("Check the fields below.");
  action.setFieldErrors(issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message })));
}

function ApproveForm({ afterSaleId, onDone }: { afterSaleId: string; onDone: Done }) {
  const action = useOperatorAction(onDone);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = approveAfterSaleBodySchema.safeParse({ afterSaleId, returnAddress: formText(event, "returnAddress") });
    if (!parsed.success) return refuse(action, parsed.error.issues);
    await action.run(() => approveAfterSale(parsed.data), "Approved. The customer is e-mailed the return address.");
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-3" aria-labelledby="approve-title">
      <h3 id="approve-title" className="font-semibold text-ink">
        Approve
      </h3>
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        Return address
        <textarea
          name="returnAddress"
          rows={3}
          defaultValue={RETURN_ADDRESS}
          className="rounded-lg border border-line px-3 py-2 text-base"
          aria-describedby="return-address-error"
          aria-invalid={action.fieldError("returnAddress") ? true : undefined}
        />
      </label>
      <FieldMessage id="return-address-error" message={action.fieldError("returnAddress")} />
      <Button type="submit" className={operatorButtonSize} disabled={action.pending}>
        {action.pending ? "Saving…" : "Approve"}
      </Button>
      <ActionOutcome error={action.error} done={action.done} />
    </form>
  );
}

function RejectForm({ afterSaleId, onDone }: { afterSaleId: string; onDone: Done }) {
  const action = useOperatorAction(onDone);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = rejectAfterSaleBodySchema.safeParse({ afterSaleId, reason: formText(event, "reason") });
    if (!parsed.success) return refuse(action, parsed.error.issues);
    await action.run(() => rejectAfterSale(parsed.data), "Rejected. The customer is e-mailed the reason.");
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-3" aria-labelledby="reject-title">
      <h3 id="reject-title" className="font-semibold text-ink">
        Reject
      </h3>
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        Reason (the customer reads it)
        <textarea
          name="reason"
          rows={3}
          className="rounded-lg border border-line px-3 py-2 text-base"
          aria-describedby="reject-reason-error"
          aria-invalid={action.fieldError("reason") ? true : undefined}
        />
      </label>
      <FieldMessage id="reject-reason-error" message={action.fieldError("reason")} />
      <button type="submit" className={dangerButtonClass} disabled={action.pending}>
        {action.pending ? "Saving…" : "Reject"}
      </button>
      <ActionOutcome error={action.error} done={action.done} />
    </form>
  );
}

function ReceiveButton({ afterSaleId, onDone }: { afterSaleId: string; onDone: Done }) {
  const action = useOperatorAction(onDone);
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold text-ink">Goods arrived</h3>
      <Button
        className={operatorButtonSize}
        disabled={action.pending}
        onClick={() => void action.run(() => receiveAfterSale(afterSaleId), "Marked received. The customer is e-mailed.")}
      >
        {action.pending ? "Saving…" : "Mark received"}
      </Button>
      <ActionOutcome error={action.error} done={action.done} />
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
  const action = useOperatorAction(onDone);
  // Returns and refunds give the money back by default; exchanges and repairs refund nothing unless typed.
  const suggested = type === "return" || type === "refund" ? refundAmount : "0.00";
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = formText(event, "refundAmount").trim();
    const parsed = completeAfterSaleBodySchema.safeParse({ afterSaleId, refundAmount: typed });
    if (!parsed.success) return refuse(action, parsed.error.issues);
    await action.run(() => completeAfterSale(parsed.data), "Completed. Any refund goes back to the customer's card.");
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-3" aria-labelledby="complete-title">
      <h3 id="complete-title" className="font-semibold text-ink">
        Complete
      </h3>
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        Refund (USD, at most {refundAmount})
        <input
          name="refundAmount"
          inputMode="decimal"
          defaultValue={suggested}
          className={inputClass}
          aria-describedby="refund-amount-error"
          aria-invalid={action.fieldError("refundAmount") ? true : undefined}
        />
      </label>
      <FieldMessage id="refund-amount-error" message={action.fieldError("refundAmount")} />
      <Button type="submit" className={operatorButtonSize} disabled={action.pending}>
        {action.pending ? "Saving…" : "Complete"}
      </Button>
      <ActionOutcome error={action.error} done={action.done} />
    </form>
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
        <ApproveForm afterSaleId={afterSaleId} onDone={onDone} />
        <RejectForm afterSaleId={afterSaleId} onDone={onDone} />
      </div>
    );
  } else if (status === "returning") {
    next = <ReceiveButton afterSaleId={afterSaleId} onDone={onDone} />;
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
