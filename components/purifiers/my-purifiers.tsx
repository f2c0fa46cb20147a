"use client";

import { useState, type FormEvent } from "react";
import { useSetAtom } from "jotai";
import { Field } from "@/components/account/field";
import { CancelCareButton } from "@/components/purifiers/cancel-care-button";
import { SubmitButton } from "@/components/account/form-parts";
import { errorsFromFailure, toFormErrors, type FormErrors } from "@/components/account/form-helpers";
import { Button } from "@/components/ui/button";
import { ButtonLink } from "@/components/ui/button-link";
import { EmptyOrder } from "@/components/ui/empty-order";
import { FormAlert } from "@/components/ui/form-alert";
import { addPurifier, editPurifier, recordFilterChange } from "@/lib/api/purifiers";
import { NETWORK_MESSAGE } from "@/lib/api/messages";
import { productPath, ROUTES } from "@/lib/config/routes";
import { PURIFIER_SKU } from "@/lib/config/store";
import { careText, dueText, formatDay, stageTone } from "@/lib/purifier-display";
import {
  addPurifierBodySchema,
  editPurifierBodySchema,
  filterChangeBodySchema,
  type Purifier,
  type FilterStageView,
} from "@/lib/schemas/purifier";
import { cartDrawerOpenAtom } from "@/lib/state/atoms";
import { showAlertAtom, showToastAtom } from "@/lib/state/notices";

const BAR_TONE = { ok: "bg-leaf-600", soon: "bg-amber-500", due: "bg-red-600" } as const;
const small = "min-h-11 px-4 text-sm disabled:cursor-wait disabled:opacity-60";

/** The customer's purifiers, each with its filter stages and care, and the form to add one bought elsewhere. */
export function MyPurifiers({ initial, today }: { initial: Purifier[]; today: string }) {
  const [purifiers, setPurifiers] = useState(initial);
  const [adding, setAdding] = useState(initial.length === 0);
  const replace = (updated: Purifier) =>
    setPurifiers((list) => list.map((item) => (item.purifierId === updated.purifierId ? updated : item)));

  return (
    <div className="flex flex-col gap-6">
      {purifiers.length === 0 ? (
        <div className="rounded-2xl border border-line bg-white p-6">
          <EmptyOrder
            title="No purifiers yet"
            message="A Lenwell purifier you buy here appears once it is delivered. Bought one elsewhere? Add it below to follow its filters."
            action={<ButtonLink href={productPath(PURIFIER_SKU)}>Buy the RO600 purifier</ButtonLink>}
          />
        </div>
      ) : (
        <ul className="flex flex-col gap-6">
          {purifiers.map((purifier) => (
            <li key={purifier.purifierId}>
              <PurifierCard purifier={purifier} today={today} onChange={replace} />
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <AddPurifierForm
          today={today}
          onAdded={(added) => {
            setPurifiers((list) => [added, ...list]);
            setAdding(false);
          }}
          onCancel={purifiers.length > 0 ? () => setAdding(false) : undefined}
        />
      ) : (
        <div>
          <Button variant="secondary" className="h-12 px-6 text-base" onClick={() => setAdding(true)}>
            Add a purifier bought elsewhere
          </Button>
        </div>
      )}
    </div>
  );
}

const ADD_FIELDS = ["serial", "purchasedOn", "installedOn"] as const;

function AddPurifierForm({ today, onAdded, onCancel }: { today: string; onAdded: (added: Purifier) => void; onCancel?: () => void }) {
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
      showToast({ tone: "success", message: `Purifier ${added.serial ?? ""} added.` });
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

function PurifierCard({ purifier, today, onChange }: { purifier: Purifier; today: string; onChange: (updated: Purifier) => void }) {
  const care = careText(purifier.care);
  const titleId = `purifier-${purifier.purifierId}-title`;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-line bg-white p-5 desk:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-xl font-semibold text-ink">
          {purifier.name}
        </h2>
        <p className="text-sm text-ink-soft">{purifier.serial ? `Serial ${purifier.serial}` : "Serial not entered yet"}</p>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-2">
          <dt className="text-ink-muted">Purchased</dt>
          <dd className="text-ink">
            {formatDay(purifier.purchasedOn)}
            {purifier.source === "order" ? " from Lenwell" : ""}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-ink-muted">Installed</dt>
          <dd className="text-ink">{formatDay(purifier.installedOn)}</dd>
        </div>
      </dl>
      {care ? (
        <>
          <p className={`mt-3 text-sm font-semibold ${purifier.care?.status === "ended" ? "text-ink-soft" : "text-leaf-700"}`}>{care}</p>
          {purifier.care && purifier.care.status !== "ended" ? (
            <div className="mt-3 max-w-xs">
              <CancelCareButton
                planId={purifier.care.planId}
                onCancelled={() =>
                  onChange({ ...purifier, care: purifier.care ? { ...purifier.care, status: "ended", endsOn: today } : null })
                }
              />
            </div>
          ) : null}
        </>
      ) : (
        <p className="mt-3 text-sm text-ink-soft">
          Not on Lenwell Care.{" "}
          <a href={ROUTES.care} className="font-medium text-brand-700 underline">
            About Lenwell Care
          </a>
        </p>
      )}
      <h3 className="mt-5 text-base font-semibold text-ink">Filters</h3>
      <ul className="mt-2 flex flex-col gap-4">
        {purifier.stages.map((stage) => (
          <li key={stage.stage}>
            <StageRow purifier={purifier} stage={stage} today={today} onChange={onChange} />
          </li>
        ))}
      </ul>
      <PurifierDetailsForm purifier={purifier} today={today} onChange={onChange} />
    </article>
  );
}

function StageRow({
  purifier,
  stage,
  today,
  onChange,
}: {
  purifier: Purifier;
  stage: FilterStageView;
  today: string;
  onChange: (updated: Purifier) => void;
}) {
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<"change" | "order" | null>(null);
  const openDrawer = useSetAtom(cartDrawerOpenAtom);
  const showToast = useSetAtom(showToastAtom);
  const showAlert = useSetAtom(showAlertAtom);
  const tone = stageTone(stage);
  const labelId = `stage-${purifier.purifierId}-${stage.stage}`;
  const dateId = `${labelId}-date`;

  async function changed(changedOn?: string) {
    const parsed = filterChangeBodySchema.safeParse({
      purifierId: purifier.purifierId,
      stage: stage.stage,
      ...(changedOn ? { changedOn } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy("change");
    try {
      onChange(await recordFilterChange(parsed.data));
      setPicking(false);
      showToast({ tone: "success", message: `${stage.name}: change recorded.` });
    } catch (failure) {
      const found = errorsFromFailure(["changedOn"], failure);
      setError(found.changedOn ?? found.form);
    } finally {
      setBusy(null);
    }
  }

  async function orderFilter() {
    setBusy("order");
    try {
      const actions = await import("@/components/catalog/buy-actions");
      try {
        await actions.addToCart(stage.skuNum, 1);
        openDrawer(true);
      } catch (failure) {
        // The API client has shown the refusal already.
        if (!actions.isShownApiError(failure)) throw failure;
      }
    } catch (failure) {
      console.error("Order this filter failed:", failure);
      showAlert({ tone: "error", message: NETWORK_MESSAGE });
    } finally {
      setBusy(null);
    }
  }

  function onPick(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void changed(String(new FormData(event.currentTarget).get("changedOn") ?? "") || undefined);
  }

  return (
    <div className="rounded-xl border border-line p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p id={labelId} className="font-medium text-ink">
          Stage {stage.stage}: {stage.name}
        </p>
        <p className={`text-sm font-semibold ${tone === "due" ? "text-red-700" : tone === "soon" ? "text-amber-700" : "text-ink-soft"}`}>
          {dueText(stage)}
        </p>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={stage.usedPercent}
        aria-valuetext={`${stage.usedPercent}% of its ${stage.lifeMonths}-month life used`}
        className="mt-2 h-3 overflow-hidden rounded-full bg-brand-50"
      >
        <div className={`h-full rounded-full ${BAR_TONE[tone]}`} style={{ width: `${stage.usedPercent}%` }} />
      </div>
      <p className="mt-2 text-sm text-ink-soft">
        Last changed {formatDay(stage.lastChangedOn)} · next due {formatDay(stage.dueOn)} · {stage.usedPercent}% of its {stage.lifeMonths}
        -month life used
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" className={small} disabled={busy !== null} onClick={() => void changed()}>
          {busy === "change" ? "Saving…" : "I changed it"}
        </Button>
        <Button
          variant="secondary"
          className={small}
          disabled={busy !== null}
          onClick={() => setPicking((open) => !open)}
          aria-expanded={picking}
        >
          On another day…
        </Button>
        <Button className={small} disabled={busy !== null} onClick={() => void orderFilter()}>
          {busy === "order" ? "Adding…" : "Order this filter"}
        </Button>
      </div>
      {picking ? (
        <form
          noValidate
          aria-label={`When the ${stage.name} was changed`}
          onSubmit={onPick}
          className="mt-3 flex flex-wrap items-end gap-3"
        >
          <Field id={dateId} name="changedOn" type="date" label="Changed on" min={purifier.installedOn} max={today} defaultValue={today} />
          <Button type="submit" className={small} disabled={busy !== null}>
            {busy === "change" ? "Saving…" : "Save change"}
          </Button>
        </form>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const EDIT_FIELDS = ["installedOn", "serial"] as const;

function PurifierDetailsForm({ purifier, today, onChange }: { purifier: Purifier; today: string; onChange: (updated: Purifier) => void }) {
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
        <Button variant="secondary" className={small} onClick={() => setOpen(true)}>
          {purifier.serial ? "Change installation date" : "Enter serial or installation date"}
        </Button>
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
