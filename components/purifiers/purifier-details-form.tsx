"use client";

import { useState, type FormEvent } from "react";
import { useSetAtom } from "jotai";
import { Field } from "@/components/account/field";
import { SubmitButton } from "@/components/account/form-parts";
import { errorsFromFailure, toFormErrors, type FormErrors } from "@/components/account/form-helpers";
import { SmallButton } from "@/components/purifiers/small-button";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { editPurifier } from "@/lib/api/purifiers";
import { editPurifierBodySchema, type Purifier } from "@/lib/schemas/purifier";
import { showToastAtom } from "@/lib/state/notices";

const EDIT_FIELDS = ["installedOn", "serial"] as const;

/**
 * A purifier's installation date (where the filters' clock starts) and, while it has none, its
 * serial: a button that opens the form, which closes again once saved.
 */
export function PurifierDetailsForm({
  purifier,
  today,
  onChange,
}: {
  purifier: Purifier;
  today: string;
  onChange: (updated: Purifier) => void;
}) {
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<FormErrors<(typeof EDIT_FIELDS)[number]>>({});
  const [pending, setPending] = useState(false);
  const showToast = useSetAtom(showToastAtom);
  const prefix = `purifier-${purifier.purifierId}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const serial = String(data.get("serial") ?? "").trim();
    const installedOn = String(data.get("installedOn") ?? "");
    const parsed = editPurifierBodySchema.safeParse({
      purifierId: purifier.purifierId,
      ...(installedOn && installedOn !== purifier.installedOn ? { installedOn } : {}),
      ...(serial ? { serial } : {}),
    });
    if (!parsed.success) {
      setErrors(toFormErrors(EDIT_FIELDS, parsed.error.issues));
      return;
    }
    if (parsed.data.installedOn === undefined && parsed.data.serial === undefined) {
      setOpen(false);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      onChange(await editPurifier(parsed.data));
      showToast({ tone: "success", message: "Purifier details saved." });
      setOpen(false);
    } catch (failure) {
      setErrors(errorsFromFailure(EDIT_FIELDS, failure));
    } finally {
      setPending(false);
    }
  }

  if (!open) {
    return (
      <div className="mt-4">
        <SmallButton variant="secondary" onClick={() => setOpen(true)}>
          {purifier.serial ? "Change installation date" : "Enter serial or installation date"}
        </SmallButton>
      </div>
    );
  }
  return (
    <form
      noValidate
      aria-label={`Details of ${purifier.name}`}
      onSubmit={(event) => void onSubmit(event)}
      className="mt-4 flex flex-col gap-4"
    >
      <FormAlert message={errors.form} />
      <Field
        id={`${prefix}-installed`}
        name="installedOn"
        type="date"
        label="Installation date"
        min={purifier.purchasedOn}
        max={today}
        defaultValue={purifier.installedOn}
        hint="The filters' clock starts here."
        error={errors.installedOn}
      />
      {purifier.serial ? null : (
        <Field
          id={`${prefix}-serial`}
          name="serial"
          label="Serial number"
          autoComplete="off"
          autoCapitalize="characters"
          hint="On the label on the back of the unit."
          error={errors.serial}
        />
      )}
      <SubmitButton pending={pending} label="Save details" pendingLabel="Saving…" />
      <Button variant="secondary" className="h-12 text-base" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </form>
  );
}
