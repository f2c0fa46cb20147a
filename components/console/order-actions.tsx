"use client";

import { cancelOrderAsOperator, deliverOrder, retryRefund, shipOrder } from "@/lib/api/console";
import { operatorCancelOrderBodySchema, shipOrderBodySchema, type OperatorOrder } from "@/lib/schemas/operator-order";
import { OperatorActionForm, OperatorField, type ActionWords } from "./operator-action-form";
import { FieldMessage, inputClass, useActionNotice } from "./operator-form-parts";

type Done = (message: string) => void;

function formText(form: FormData, name: string): string {
  return String(form.get(name) ?? "");
}

type PurifierLine = OperatorOrder["purifierLines"][number];

/** The serials typed for each purifier line, blanks left out (a unit's serial is optional). */
function serialsOf(form: FormData, lines: readonly PurifierLine[]) {
  return lines.map((line) => ({
    skuNum: line.skuNum,
    serials: Array.from({ length: line.quantity }, (_, unit) => formText(form, `serial-${line.skuNum}-${unit}`).trim()).filter(Boolean),
  }));
}

function ShipForm({ orderId, purifierLines, onDone }: { orderId: string; purifierLines: readonly PurifierLine[]; onDone: Done }) {
  return (
    <OperatorActionForm
      id="ship"
      title="Mark shipped"
      read={(form) =>
        shipOrderBodySchema.safeParse({
          orderId,
          carrier: formText(form, "carrier"),
          trackingNumber: formText(form, "trackingNumber"),
          ...(purifierLines.length > 0 ? { serials: serialsOf(form, purifierLines) } : {}),
        })
      }
      send={shipOrder}
      success="The order is marked shipped and the customer is e-mailed."
      submit="Mark shipped"
      onDone={onDone}
    >
      {(action) => (
        <>
          <OperatorField action={action} name="carrier" label="Carrier" maxLength={40} />
          <OperatorField action={action} name="trackingNumber" label="Tracking number" errorId="tracking-error" maxLength={40} />
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
        </>
      )}
    </OperatorActionForm>
  );
}

function CancelForm({ orderId, paid, onDone }: { orderId: string; paid: boolean; onDone: Done }) {
  return (
    <OperatorActionForm
      id="cancel"
      title="Cancel order"
      intro={
        <p className="text-sm text-ink-soft">
          {paid
            ? "Goods, services and shipping are refunded in full to the customer's card; a membership or Lenwell Care plan only by its own rule (a yearly membership's unused months, the care plan's), and it ends. The customer is e-mailed."
            : "The order is not paid; nothing is refunded."}
        </p>
      }
      read={(form) => operatorCancelOrderBodySchema.safeParse({ orderId, reason: formText(form, "reason") })}
      send={cancelOrderAsOperator}
      success={paid ? "The order is cancelled and its refund is on its way." : "The order is cancelled."}
      submit={paid ? "Cancel and refund" : "Cancel order"}
      pending="Cancelling…"
      danger
      onDone={onDone}
    >
      {(action) => (
        <OperatorField action={action} name="reason" label="Reason (the customer sees it on the order)" rows={2} maxLength={500} />
      )}
    </OperatorActionForm>
  );
}

const DELIVER: ActionWords = { id: "deliver", title: "Delivery", submit: "Mark delivered", success: "The order is marked delivered." };

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
        {canDeliver ? <OperatorActionForm {...DELIVER} send={() => deliverOrder(orderId)} onDone={onDone} /> : null}
        {canCancel ? <CancelForm orderId={orderId} paid={order.paymentReceived} onDone={onDone} /> : null}
      </div>
    </>
  );
}

/** "Send again" for a refund that did not reach the card: a new refund of the same parts. */
export function RetryRefundButton({ refundId, amount }: { refundId: string; amount: string }) {
  const { notice, onDone } = useActionNotice();
  return (
    <div className="flex flex-col gap-2">
      {notice}
      <OperatorActionForm
        label={`Send the refund of $${amount} again`}
        className="flex flex-col gap-2"
        send={() => retryRefund(refundId)}
        success={`The refund of $${amount} was sent again.`}
        submit={`Send $${amount} again`}
        pending="Sending…"
        onDone={onDone}
      />
    </div>
  );
}
