"use client";

import { useRef, useState, type FormEvent } from "react";
import { useSetAtom } from "jotai";
import { FieldError } from "@/components/account/field";
import { errorsFromFailure, type FormErrors } from "@/components/account/form-helpers";
import { SmallButton } from "@/components/purifiers/small-button";
import { FormAlert } from "@/components/ui/form-alert";
import { attachProof, proofHref } from "@/lib/api/purifiers";
import { isVouched, PROOF_ACCEPT, PROOF_MAX_BYTES, PROOF_MAX_TEXT } from "@/lib/config/purifiers";
import { proofText, VERIFICATION_LABELS, VERIFICATION_WHY } from "@/lib/display/verification-display";
import { PURIFIER_MESSAGES, type Purifier } from "@/lib/schemas/purifier";
import { showToastAtom } from "@/lib/state/notices";

const PROOF_FIELDS = ["file"] as const;

/** What happens next, for each state the customer can still act on. */
const NEXT_STEP = {
  awaiting_proof: `Attach its proof of purchase: a receipt or invoice that names the purifier (PDF, JPEG or PNG, at most ${PROOF_MAX_TEXT}). We check it and e-mail you either way.`,
  in_review: "We are checking your proof of purchase, and will e-mail you either way. You can send a better file meanwhile.",
  rejected: "Attach another proof of purchase, and we will look again.",
} as const;

/** The file input and its button: attaches (or replaces) the purifier's proof of purchase. */
function ProofForm({ purifier, onChange }: { purifier: Purifier; onChange: (updated: Purifier) => void }) {
  const [errors, setErrors] = useState<FormErrors<(typeof PROOF_FIELDS)[number]>>({});
  const [pending, setPending] = useState(false);
  const showToast = useSetAtom(showToastAtom);
  const input = useRef<HTMLInputElement>(null);
  const id = `purifier-${purifier.purifierId}-proof`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = input.current?.files?.[0];
    // The server checks all of it again, the type by the file's first bytes.
    if (!file || file.size === 0) {
      setErrors({ file: PURIFIER_MESSAGES.proofMissing });
      return;
    }
    if (file.size > PROOF_MAX_BYTES) {
      setErrors({ file: PURIFIER_MESSAGES.proofTooLarge });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      onChange(await attachProof(purifier.purifierId, file));
      form.reset();
      showToast({ tone: "success", message: "Proof of purchase sent. We will e-mail you once we have checked it." });
    } catch (failure) {
      setErrors(errorsFromFailure(PROOF_FIELDS, failure));
    } finally {
      setPending(false);
    }
  }

  const describedBy = [`${id}-hint`, errors.file ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <form
      noValidate
      aria-label={`Proof of purchase of ${purifier.name}`}
      onSubmit={(event) => void onSubmit(event)}
      className="mt-3 flex flex-col gap-2"
    >
      <FormAlert message={errors.form} />
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {purifier.proof ? "Send another file" : "Proof of purchase"}
      </label>
      <input
        ref={input}
        id={id}
        name="file"
        type="file"
        accept={PROOF_ACCEPT}
        aria-invalid={errors.file ? true : undefined}
        aria-describedby={describedBy}
        className="block min-h-12 w-full rounded-xl border border-line bg-white px-2 py-1.5 text-sm text-ink file:mr-3 file:min-h-9 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-700"
      />
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        PDF, JPEG or PNG, at most {PROOF_MAX_TEXT}.
      </p>
      <FieldError id={id} error={errors.file} />
      <div>
        <SmallButton type="submit" disabled={pending}>
          {pending ? "Sending…" : "Send proof of purchase"}
        </SmallButton>
      </div>
    </form>
  );
}

/**
 * Where the shop stands with a purifier the customer added: why Lenwell Care cannot be bought for it
 * yet, what happens next, the proof sent (theirs to open again) and the form for one; a rejection's
 * reason in the operator's words. A purifier the shop vouches for says so in a line.
 */
export function PurifierVerification({ purifier, onChange }: { purifier: Purifier; onChange: (updated: Purifier) => void }) {
  const { verification } = purifier;
  if (verification === "shipped") return null;
  if (isVouched(verification)) {
    return <p className="mt-3 text-sm text-leaf-700">{VERIFICATION_LABELS[verification]}.</p>;
  }
  const titleId = `purifier-${purifier.purifierId}-verification`;
  const rejected = verification === "rejected";
  return (
    <section
      aria-labelledby={titleId}
      data-testid="purifier-verification"
      className={`mt-4 rounded-xl border p-4 ${rejected ? "border-red-200 bg-red-50" : "border-amber-200 bg-amber-50"}`}
    >
      <h3 id={titleId} className={`text-base font-semibold ${rejected ? "text-red-800" : "text-ink"}`}>
        {VERIFICATION_LABELS[verification]}
      </h3>
      {rejected && purifier.rejectReason ? (
        <p className="mt-1 text-sm text-ink">
          <span className="font-medium">Why we could not verify it:</span> {purifier.rejectReason}
        </p>
      ) : null}
      <p className="mt-1 text-sm text-ink-soft">{VERIFICATION_WHY}</p>
      <p className="mt-1 text-sm text-ink">{NEXT_STEP[verification]}</p>
      {purifier.proof ? (
        <p className="mt-2 text-sm text-ink-soft">
          Sent:{" "}
          <a href={proofHref(purifier.purifierId)} className="font-medium text-brand-700 underline">
            {proofText(purifier.proof)}
          </a>
        </p>
      ) : null}
      <ProofForm purifier={purifier} onChange={onChange} />
    </section>
  );
}
