"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ButtonLink } from "@/components/ui/button-link";
import { FormAlert } from "@/components/ui/form-alert";
import { changeFilterShipment, fetchUpcomingFilterShipments, upcomingFilterShipmentsQueryKey } from "@/lib/api/filter-shipments";
import { FILTER_SCHEDULE } from "@/lib/config/filter-shipments";
import { ROUTES } from "@/lib/config/routes";
import { formatScheduleDay, joinNames } from "@/lib/display/filter-schedule-display";
import type { UpcomingFilterShipment } from "@/lib/schemas/filter-shipments";
import { showToastAtom } from "@/lib/state/notices";

type Action = "skip" | "postpone";

const DONE: Readonly<Record<Action, string>> = {
  skip: "Shipment skipped. Remember to change that filter yourself when it is due.",
  postpone: `Shipment postponed by ${FILTER_SCHEDULE.postponeDays} days.`,
};

function ShipmentCard({ shipment }: { shipment: UpcomingFilterShipment }) {
  const queryClient = useQueryClient();
  const showToast = useSetAtom(showToastAtom);
  const [confirmingSkip, setConfirmingSkip] = useState(false);
  const change = useMutation({
    mutationFn: (action: Action) => changeFilterShipment(action, { purifierId: shipment.purifierId, dueOn: shipment.dueOn }),
    onSuccess: (list, action) => {
      queryClient.setQueryData(upcomingFilterShipmentsQueryKey, list);
      setConfirmingSkip(false);
      showToast({ tone: "success", message: DONE[action] });
    },
  });
  const names = joinNames(shipment.filters.map((filter) => filter.name));
  const titleId = `filter-shipment-${shipment.purifierId}`;
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border border-line p-4" data-testid="upcoming-filter-shipment">
      <h3 id={titleId} className="font-semibold text-ink">
        {shipment.serial ? `Purifier ${shipment.serial}` : "Your purifier"}
      </h3>
      <dl className="grid gap-1 text-[15px]">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-ink">{shipment.filters.length > 1 ? "Filters" : "Filter"}</dt>
          <dd className="text-ink-soft">{names}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-ink">Due</dt>
          <dd className="text-ink-soft">
            {shipment.status === "postponed" ? (
              <>
                Postponed to <time dateTime={shipment.shipFor}>{formatScheduleDay(shipment.shipFor)}</time> (was{" "}
                <time dateTime={shipment.dueOn}>{formatScheduleDay(shipment.dueOn)}</time>)
              </>
            ) : (
              <time dateTime={shipment.dueOn}>{formatScheduleDay(shipment.dueOn)}</time>
            )}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-ink">Order date</dt>
          <dd className="text-ink-soft">
            <time dateTime={shipment.orderOn}>{formatScheduleDay(shipment.orderOn)}</time>, shipped free by UPS Ground
          </dd>
        </div>
      </dl>
      <FormAlert message={change.error?.message} />
      {confirmingSkip ? (
        <div className="flex flex-col gap-3" role="group" aria-label="Skip this shipment?">
          <p className="text-[15px] text-ink">
            Skip this shipment? We will not send {shipment.filters.length > 1 ? "these filters" : "this filter"}, so you change{" "}
            {shipment.filters.length > 1 ? "them" : "it"} yourself; the next one follows on schedule.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button className="h-11 px-5" disabled={change.isPending} onClick={() => change.mutate("skip")}>
              Yes, skip it
            </Button>
            <Button variant="secondary" className="h-11 px-5" disabled={change.isPending} onClick={() => setConfirmingSkip(false)}>
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" className="h-11 px-5" disabled={change.isPending} onClick={() => setConfirmingSkip(true)}>
            Skip
          </Button>
          {shipment.canPostpone ? (
            <Button variant="secondary" className="h-11 px-5" disabled={change.isPending} onClick={() => change.mutate("postpone")}>
              Postpone {FILTER_SCHEDULE.postponeDays} days
            </Button>
          ) : null}
        </div>
      )}
    </li>
  );
}

/**
 * A member's next filter shipment for each purifier, with its order date (the lead time before the
 * filter is due) and Skip or Postpone while the order is not made yet. Once made, the order is under
 * My orders.
 */
export function UpcomingFilterShipments() {
  const query = useQuery({ queryKey: upcomingFilterShipmentsQueryKey, queryFn: fetchUpcomingFilterShipments });
  if (query.isPending) return <p className="text-ink-soft">Loading your filter schedule…</p>;
  if (query.isError) return <FormAlert message={query.error.message} />;
  const { member, shipments } = query.data;
  if (!member) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-ink-soft">Members get each filter shipped before it is due, with free UPS Ground shipping.</p>
        <ButtonLink href={ROUTES.membership} variant="secondary">
          See membership plans
        </ButtonLink>
      </div>
    );
  }
  if (shipments.length === 0) {
    return <p className="text-ink-soft">No filter shipments yet: they are planned once a purifier is registered to your account.</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-[15px] text-ink-soft">
        We make each filter order {FILTER_SCHEDULE.orderLeadDays} days before the filter is due. Until then you can skip it or postpone it
        once. Orders already made are under My orders.
      </p>
      <ul className="flex flex-col gap-3">
        {shipments.map((shipment) => (
          <ShipmentCard key={`${shipment.purifierId}-${shipment.dueOn}`} shipment={shipment} />
        ))}
      </ul>
    </div>
  );
}
