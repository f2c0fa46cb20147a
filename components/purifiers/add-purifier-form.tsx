"use client";

import { useState, type FormEvent } from "react";
import { useSetAtom } from "jotai";
import { Field } from "@/components/account/field";
import { SubmitButton } from "@/components/account/form-parts";
import { errorsFromFailure, toFormErrors, type FormErrors } from "@/components/account/form-helpers";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { addPurifier } from "@/lib/api/purifiers";
import { addPurifierBodySchema, type Purifier } from "@/lib/schemas/purifier";
import { showToastAtom } from "@/lib/state/notices";

const ADD_FIELDS = ["serial", "purchasedOn", "installedOn"] as const;

/** Registers a purifier bought elsewhere by its serial and dates; `onCancel` only when there is a list to go back to. */
export function AddPurifierForm({
  today,
  onAdded,
  onCancel,
}: {
  today: string;
  onAdded: (added: Purifier) => void;
  onCancel?: () => void;
}) {
  const [errors, setErrors] = useState<FormErrors<(typeof ADD_FIELDS)[number]>>({});
  const [pending, setPending] = useState(false);
  const showToast = useSetAtom(showToastAtom);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const installedOn = String(data.get("installedOn") ?? "");
    const parsed = addPurifierBodySchema.safeParse({
      serial: String(data.get("serial") ?? ""),
      purchasedOn: String(data.get("purchasedOn") ?? ""),
      ...(installedOn ? { installedOn } : {}),
    });
    if (!parsed.success) {
      setErrors(toFormErrors(ADD_FIELDS, parsed.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const added = await addPurifier(parsed.data);
      const next = added.verification === "awaiting_proof" ? " Attach its proof of purchase to get Lenwell Care for it." : "";
      showToast({ tone: "success", message: `Purifier ${added.serial ?? ""} added.${next}` });
      onAdded(added);
    } catch (failure) {
      setErrors(errorsFromFailure(ADD_FIELDS, failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="add-purifier-title" className="rounded-2xl border border-line bg-white p-6">
      <h2 id="add-purifier-title" className="text-xl font-semibold text-ink">
        Add a purifier bought elsewhere
      </h2>
      <p className="mt-2 text-sm text-ink-soft">
        Its filters are followed from the day you add it. For Lenwell Care, you then attach its proof of purchase, and we verify it.
      </p>
      <form noValidate aria-label="Add a purifier" onSubmit={(event) => void onSubmit(event)} className="mt-4 flex flex-col gap-4">
        <FormAlert message={errors.form} />
        <Field
          id="purifier-serial"
          name="serial"
          label="Serial number"
          autoComplete="off"
          autoCapitalize="characters"
          hint="On the label on the back of the unit: 6 to 32 letters, digits or hyphens."
          error={errors.serial}
        />
        <Field id="purifier-purchased" name="purchasedOn" type="date" label="Purchase date" max={today} error={errors.purchasedOn} />
        <Field
          id="purifier-installed"
          name="installedOn"
          type="date"
          label="Installation date (optional)"
          max={today}
          hint="Leave empty if you installed it the day you bought it."
          error={errors.installedOn}
        />
        <SubmitButton pending={pending} label="Add purifier" pendingLabel="Adding…" />
        {onCancel ? (
          <Button variant="secondary" className="h-12 text-base" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </form>
    </section>
  );
}
