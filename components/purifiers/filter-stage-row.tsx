"use client";

import { useState, type FormEvent } from "react";
import { useSetAtom } from "jotai";
import { Field } from "@/components/account/field";
import { errorsFromFailure } from "@/components/account/form-helpers";
import { SmallButton } from "@/components/purifiers/small-button";
import { recordFilterChange } from "@/lib/api/purifiers";
import { NETWORK_MESSAGE } from "@/lib/api/messages";
import { dueText, formatDay, stageTone } from "@/lib/display/purifier-display";
import { filterChangeBodySchema, type FilterStageView, type Purifier } from "@/lib/schemas/purifier";
import { cartDrawerOpenAtom } from "@/lib/state/atoms";
import { showAlertAtom, showToastAtom } from "@/lib/state/notices";

const BAR_TONE = { ok: "bg-leaf-600", soon: "bg-amber-500", due: "bg-red-600" } as const;

/**
 * One filter stage of a purifier: how much of its life is used, and its actions: record a change
 * (today, or on a day picked in the form it opens) or put its cartridge in the cart.
 */
export function FilterStageRow({
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
        <SmallButton variant="secondary" disabled={busy !== null} onClick={() => void changed()}>
          {busy === "change" ? "Saving…" : "I changed it"}
        </SmallButton>
        <SmallButton variant="secondary" disabled={busy !== null} onClick={() => setPicking((open) => !open)} aria-expanded={picking}>
          On another day…
        </SmallButton>
        <SmallButton disabled={busy !== null} onClick={() => void orderFilter()}>
          {busy === "order" ? "Adding…" : "Order this filter"}
        </SmallButton>
      </div>
      {picking ? (
        <form
          noValidate
          aria-label={`When the ${stage.name} was changed`}
          onSubmit={onPick}
          className="mt-3 flex flex-wrap items-end gap-3"
        >
          <Field id={dateId} name="changedOn" type="date" label="Changed on" min={purifier.installedOn} max={today} defaultValue={today} />
          <SmallButton type="submit" disabled={busy !== null}>
            {busy === "change" ? "Saving…" : "Save change"}
          </SmallButton>
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
