"use client";

import { useId, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Dialog, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { Field, FieldError, SelectField, TextareaField } from "@/components/account/field";
import { FormAlert } from "@/components/ui/form-alert";
import { errorsFromFailure, toFormErrors, type FormErrors } from "@/components/account/form-helpers";
import { Button, ButtonRow, type ButtonVariant } from "@/components/ui/button";
import { applyAfterSale } from "@/lib/api/after-sale";
import { orderQueryKey } from "@/lib/api/orders";
import { AFTER_SALE_TYPE_HINTS, AFTER_SALE_TYPE_LABELS, afterSaleNumber } from "@/lib/display/after-sale-display";
import { AFTER_SALE_LIMITS, AFTER_SALE_REASONS, AFTER_SALE_TYPES } from "@/lib/config/after-sale";
import { afterSalePath } from "@/lib/config/routes";
import { applyAfterSaleBodySchema, type AfterSaleType } from "@/lib/schemas/after-sale";
import { showToastAtom } from "@/lib/state/notices";

const FIELDS = ["type", "quantity", "reason", "description", "purifierId"] as const;
type ApplyField = (typeof FIELDS)[number];

export interface AfterSaleItem {
  orderId: string;
  skuNum: string;
  name: string;
  /** How many of this line may still be asked for (bought minus open or completed requests). */
  remaining: number;
}

/** One of the customer's registered purifiers a repair can be for, and its Lenwell Care on the day. */
export interface RepairPurifier {
  purifierId: string;
  label: string;
  /** "Feb 28, 2030" while Lenwell Care covers it; else null. */
  careUntil: string | null;
}

/** What the repair costs the customer, as the request will record it. */
export function repairTermsText(purifier: RepairPurifier | undefined, diagnosisFee: string | undefined): string | null {
  if (purifier?.careUntil) {
    return `Covered by Lenwell Care until ${purifier.careUntil}: the diagnosis fee and the repair charge are waived, and return shipping is free.`;
  }
  return diagnosisFee ? `Not covered by Lenwell Care: the diagnosis fee of ${diagnosisFee} is credited against the repair.` : null;
}

interface ApplyAfterSaleProps {
  item: AfterSaleItem;
  /** A single type (the repair page asks only for repairs); otherwise the customer chooses. */
  fixedType?: AfterSaleType;
  /** The button's words; the item's name is added for screen readers. */
  label?: string;
  /** Secondary beside an order line; the repair page makes it its primary action. */
  variant?: ButtonVariant;
  /** Size and layout. */
  className?: string;
  /** Repairs: the registered purifiers of this order line; the customer says which one needs fixing. */
  purifiers?: readonly RepairPurifier[];
  /** Repairs: the catalogue's diagnosis fee ("$39.00"), stated when Lenwell Care does not cover the purifier. */
  diagnosisFee?: string;
}

/** Opens a request for one order line: type, quantity, reason and description, checked before sending. */
export function ApplyAfterSaleButton({
  item,
  fixedType,
  label = "Request after-sale service",
  variant = "secondary",
  className = "h-11 px-4 text-sm",
  purifiers = [],
  diagnosisFee,
}: ApplyAfterSaleProps) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState(purifiers[0]?.purifierId ?? "");
  // A repair of one named purifier is for that one unit.
  const forPurifier = fixedType === "repair" && purifiers.length > 0;
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FormErrors<ApplyField>>({});
  const router = useRouter();
  const queryClient = useQueryClient();
  const showToast = useSetAtom(showToastAtom);
  const id = useId();
  const fieldId = (name: ApplyField) => `${id}-${name}`;

  function close() {
    if (pending) return;
    setOpen(false);
    setErrors({});
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const quantityText = String(data.get("quantity") ?? "").trim();
    const parsed = applyAfterSaleBodySchema.safeParse({
      orderId: item.orderId,
      skuNum: item.skuNum,
      type: fixedType ?? data.get("type") ?? undefined,
      quantity: forPurifier ? 1 : quantityText === "" ? undefined : Number(quantityText),
      reason: data.get("reason") || undefined,
      description: String(data.get("description") ?? ""),
      ...(forPurifier ? { purifierId: String(data.get("purifierId") ?? "") } : {}),
    });
    if (!parsed.success) {
      setErrors(toFormErrors(FIELDS, parsed.error.issues));
      return;
    }
    if (parsed.data.quantity > item.remaining) {
      setErrors({ quantity: `You can ask for at most ${item.remaining}.` });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const afterSaleId = await applyAfterSale(parsed.data);
      // The order's units left changed: its page, if cached, reads them again on the next visit.
      await queryClient.invalidateQueries({ queryKey: orderQueryKey(item.orderId), refetchType: "none" });
      showToast({ tone: "success", message: `Request #${afterSaleNumber(afterSaleId)} is sent. We review it within 2 business days.` });
      router.push(afterSalePath(afterSaleId));
    } catch (failure) {
      setErrors(errorsFromFailure(FIELDS, failure));
      setPending(false);
    }
  }

  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} aria-haspopup="dialog" className={className}>
        {label} <span className="sr-only">for {item.name}</span>
      </Button>
      <Dialog open={open} onClose={close} className="relative z-[60]">
        <div className="fixed inset-0 bg-ink/40" aria-hidden="true" />
        <div className="fixed inset-0 overflow-y-auto p-4">
          <div className="flex min-h-full items-center justify-center">
            <DialogPanel data-testid="apply-after-sale-dialog" className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-2xl">
              <DialogTitle className="text-xl font-semibold text-ink">
                {fixedType ? `${AFTER_SALE_TYPE_LABELS[fixedType]} request` : "Request after-sale service"}
              </DialogTitle>
              <Description className="mt-2 text-[15px] text-ink-soft">
                {item.name}: you can ask for up to {item.remaining}. We review every request and e-mail you the next step.
              </Description>
              <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-5 flex flex-col gap-5">
                <FormAlert message={errors.form} />
                {fixedType ? null : (
                  <fieldset aria-describedby={errors.type ? `${fieldId("type")}-error` : undefined} className="flex flex-col gap-2">
                    <legend className="mb-1 text-sm font-medium text-ink">What do you need?</legend>
                    {AFTER_SALE_TYPES.map((type) => (
                      <label
                        key={type}
                        className="flex items-start gap-3 rounded-xl border border-line p-3 has-[:checked]:border-brand-600"
                      >
                        <input type="radio" name="type" value={type} className="mt-1 h-4 w-4 accent-brand-600" />
                        <span>
                          <span className="block font-medium text-ink">{AFTER_SALE_TYPE_LABELS[type]}</span>
                          <span className="block text-sm text-ink-muted">{AFTER_SALE_TYPE_HINTS[type]}</span>
                        </span>
                      </label>
                    ))}
                    <FieldError id={fieldId("type")} error={errors.type} />
                  </fieldset>
                )}
                {forPurifier ? (
                  <>
                    <SelectField
                      id={fieldId("purifierId")}
                      label="Which purifier?"
                      name="purifierId"
                      value={chosen}
                      onChange={(event) => setChosen(event.target.value)}
                      error={errors.purifierId}
                    >
                      {purifiers.map((purifier) => (
                        <option key={purifier.purifierId} value={purifier.purifierId}>
                          {purifier.label}
                        </option>
                      ))}
                    </SelectField>
                    <p data-testid="repair-terms" className="rounded-xl bg-brand-50 p-3 text-sm text-ink">
                      {repairTermsText(
                        purifiers.find((purifier) => purifier.purifierId === chosen),
                        diagnosisFee,
                      )}
                    </p>
                  </>
                ) : (
                  <Field
                    id={fieldId("quantity")}
                    label="Quantity"
                    name="quantity"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={item.remaining}
                    step={1}
                    defaultValue={1}
                    width="w-32"
                    error={errors.quantity}
                  />
                )}
                <SelectField id={fieldId("reason")} label="Reason" name="reason" defaultValue="" error={errors.reason}>
                  <option value="" disabled>
                    Choose a reason
                  </option>
                  {AFTER_SALE_REASONS.map((reason) => (
                    <option key={reason} value={reason}>
                      {reason}
                    </option>
                  ))}
                </SelectField>
                <TextareaField
                  id={fieldId("description")}
                  label="Description"
                  name="description"
                  rows={4}
                  maxLength={AFTER_SALE_LIMITS.descriptionMax}
                  hint={`What happened, and when? At least ${AFTER_SALE_LIMITS.descriptionMin} characters.`}
                  error={errors.description}
                />
                <ButtonRow primaryFirstOnPhone>
                  <button
                    type="button"
                    onClick={close}
                    className="h-12 rounded-full border border-line font-semibold text-ink hover:bg-canvas"
                  >
                    Close
                  </button>
                  <Button type="submit" disabled={pending} className="h-12 disabled:cursor-wait disabled:bg-brand-300">
                    {pending ? "Sending…" : "Send request"}
                  </Button>
                </ButtonRow>
              </form>
            </DialogPanel>
          </div>
        </div>
      </Dialog>
    </>
  );
}
