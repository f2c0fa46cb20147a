"use client";

import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { Field } from "@/components/account/field";
import { SubmitButton } from "@/components/account/form-parts";
import { FormAlert } from "@/components/ui/form-alert";
import { errorsFromFailure, toFormErrors, type FormErrors } from "@/components/account/form-helpers";
import { afterSaleQueryKey, submitAfterSaleTracking } from "@/lib/api/after-sale";
import { submitTrackingBodySchema, type AfterSale } from "@/lib/schemas/after-sale";
import { showToastAtom } from "@/lib/state/notices";

const FIELDS = ["carrier", "trackNumber"] as const;

/** Once approved: the customer says how the goods travel back, and the request becomes "on its way back". */
export function TrackingForm({ request }: { request: AfterSale }) {
  const [errors, setErrors] = useState<FormErrors<(typeof FIELDS)[number]>>({});
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const showToast = useSetAtom(showToastAtom);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = submitTrackingBodySchema.safeParse({
      afterSaleId: request.afterSaleId,
      carrier: String(data.get("carrier") ?? ""),
      trackNumber: String(data.get("trackNumber") ?? ""),
    });
    if (!parsed.success) {
      setErrors(toFormErrors(FIELDS, parsed.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const updated = await submitAfterSaleTracking(parsed.data);
      queryClient.setQueryData(afterSaleQueryKey(request.afterSaleId), updated);
      showToast({ tone: "success", message: "Thanks: we will let you know when the goods arrive." });
    } catch (failure) {
      setErrors(errorsFromFailure(FIELDS, failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate aria-label="Tracking details" onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <FormAlert message={errors.form} />
      <Field
        id="return-carrier"
        name="carrier"
        label="Carrier"
        autoComplete="off"
        hint="For example UPS, FedEx or USPS."
        error={errors.carrier}
      />
      <Field id="return-track-number" name="trackNumber" label="Tracking number" autoComplete="off" error={errors.trackNumber} />
      <SubmitButton pending={pending} label="Send tracking number" pendingLabel="Sending…" />
    </form>
  );
}
