"use client";

import type { FormEvent } from "react";
import { cancelOrderAsOperator, deliverOrder, retryRefund, shipOrder } from "@/lib/api/console";
import { operatorCancelOrderBodySchema, shipOrderBodySchema, type OperatorOrder } from "@/lib/schemas/operator-order";
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

type Done = (message: string) => void;

function formText(event: FormEvent<HTMLFormElement>, name: string): string {
  return String(new FormData(event.currentTarget).get(name) ?? "");
}

type PurifierLine = OperatorOrder["purifierLines"][number];

/** The serials typed for each purifier line, blanks left out (a unit's serial is optional). */
function serialsOf(event: FormEvent<HTMLFormElement>, lines: readonly PurifierLine[]) {
  return lines.map((line) => ({
    skuNum: line.skuNum,
    serials: Array.from({ length: line.quantity }, (_, unit) => formText(event, `serial-${line.skuNum}-${unit}`).trim()).filter(Boolean),
  }));
}

function ShipForm({ orderId, purifierLines, onDone }: { orderId: string; purifierLines: readonly PurifierLine[]; onDone: Done }) {
  const action = useOperatorAction(onDone);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = shipOrderBodySchema.safeParse({
      orderId,
      carrier: formText(event, "carrier"),
      trackingNumber: formText(event, "trackingNumber"),
      ...(purifierLines.length > 0 ? { serials: serialsOf(event, purifierLines) } : {}),
    });
    if (!parsed.success) {
      action.setError("Check the fields below.");
      action.setFieldErrors(parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })));
      return;
    }
    await action.run(() => shipOrder(parsed.data), "The order is marked shipped and the customer is e-mailed.");
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-3" aria-labelledby="ship-title">
      <h3 id="ship-title" className="font-semibold text-ink">
        Mark shipped
      </h3>
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        Carrier
        <input
          name="carrier"
          className={inputClass}
          maxLength={40}
          aria-describedby="carrier-error"
          aria-invalid={action.fieldError("carrier") ? true : undefined}
        />
      </label>
      <FieldMessage id="carrier-error" message={action.fieldError("carrier")} />
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        Tracking number
        <input
          name="trackingNumber"
          className={inputClass}
          maxLength={40}
          aria-describedby="tracking-error"
          aria-invalid={action.fieldError("trackingNumber") ? true : undefined}
        />
      </label>
      <FieldMessage id="tracking-error" message={action.fieldError("trackingNumber")} />
      {purifierLines.map((line, index) => (
        <fieldset key={line.skuNum} className="flex flex-col gap-2" aria-describedby={`serials-${index}-error`}>
          <legend className="text-sm font-medium text-ink">Serial numbers: {line.name} (optional, from each unit&apos;s label)</legend>
          {Array.from({ length: line.quantity }, (_, unit) => (
            <label key={unit} className="flex flex-col gap-1 text-sm text-ink">
              {line.quantity > 1 ? `Unit ${unit + 1}` : "Serial number"}
              <input
                name={`serial-${line.skuNum}-${unit}`}
                defaultValue={line.serials[unit] ?? ""}
                className={inputClass}
                maxLength={32}
                autoComplete="off"
                autoCapitalize="characters"
              />
            </label>
          ))}
          <FieldMessage id={`serials-${index}-error`} message={action.serialError(index)} />
        </fieldset>
      ))}
      <Button type="submit" className={operatorButtonSize} disabled={action.pending}>
        {action.pending ? "Saving…" : "Mark shipped"}
      </Button>
      <ActionOutcome error={action.error} done={action.done} />
    </form>
  );
}

function DeliverButton({ orderId, onDone }: { orderId: string; onDone: Done }) {
  const action = useOperatorAction(onDone);
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold text-ink">Delivery</h3>
      <Button
        className={operatorButtonSize}
        disabled={action.pending}
        onClick={() => void action.run(() => deliverOrder(orderId), "The order is marked delivered.")}
      >
        {action.pending ? "Saving…" : "Mark delivered"}
      </Button>
      <ActionOutcome error={action.error} done={action.done} />
    </div>
  );
}

function CancelForm({ orderId, paid, onDone }: { orderId: string; paid: boolean; onDone: Done }) {
  const action = useOperatorAction(onDone);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = operatorCancelOrderBodySchema.safeParse({ orderId, reason: formText(event, "reason") });
    if (!parsed.success) {
      action.setError("Check the fields below.");
      action.setFieldErrors(parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })));
      return;
    }
    await action.run(
      () => cancelOrderAsOperator(parsed.data),
      paid ? "The order is cancelled and its refund is on its way." : "The order is cancelled.",
    );
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-3" aria-labelledby="cancel-title">
      <h3 id="cancel-title" className="font-semibold text-ink">
        Cancel order
      </h3>
      <p className="text-sm text-ink-soft">
        {paid
          ? "Goods, services and shipping are refunded in full to the customer's card; a membership or Lenwell Care plan only by its own rule (a yearly membership's unused months, the care plan's), and it ends. The customer is e-mailed."
          : "The order is not paid; nothing is refunded."}
      </p>
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        Reason (the customer sees it on the order)
        <textarea
          name="reason"
          rows={2}
          maxLength={500}
          className="rounded-lg border border-line px-3 py-2 text-base"
          aria-describedby="reason-error"
          aria-invalid={action.fieldError("reason") ? true : undefined}
        />
      </label>
      <FieldMessage id="reason-error" message={action.fieldError("reason")} />
      <button type="submit" className={dangerButtonClass} disabled={action.pending}>
        {action.pending ? "Cancelling…" : paid ? "Cancel and refund" : "Cancel order"}
      </button>
      <ActionOutcome error={action.error} done={action.done} />
    </form>
  );
}

/** What an operator may do next with an order, as the server's status allows. */
export function OrderActions({
  order,
}: {
  order: Pick<OperatorOrder, "orderId" | "canShip" | "canDeliver" | "canCancel" | "paymentReceived" | "purifierLines">;
}) {
  const { notice, onDone } = useActionNotice();
  const { orderId, canShip, canDeliver, canCancel } = order;
  return (
    <>
      {notice}
      {!canShip && !canDeliver && !canCancel ? <p className="text-sm text-ink-soft">Nothing left to do on this order.</p> : null}
      <div className="grid gap-6 desk:grid-cols-2">
        {canShip ? <ShipForm orderId={orderId} purifierLines={order.purifierLines} onDone={onDone} /> : null}
        {canDeliver ? <DeliverButton orderId={orderId} onDone={onDone} /> : null}
        {canCancel ? <CancelForm orderId={orderId} paid={order.paymentReceived} onDone={onDone} /> : null}
      </div>
    </>
  );
}

/** "Send again" for a refund that did not reach the card: a new refund of the same parts. */
export function RetryRefundButton({ refundId, amount }: { refundId: string; amount: string }) {
  const { notice, onDone } = useActionNotice();
  const action = useOperatorAction(onDone);
  return (
    <div className="flex flex-col gap-2">
      {notice}
      <Button
        className={operatorButtonSize}
        disabled={action.pending}
        onClick={() => void action.run(() => retryRefund(refundId), `The refund of $${amount} was sent again.`)}
      >
        {action.pending ? "Sending…" : `Send $${amount} again`}
      </Button>
      <ActionOutcome error={action.error} done={action.done} />
    </div>
  );
}
