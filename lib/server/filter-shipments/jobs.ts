import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { FILTER_SCHEDULE } from "@/lib/config/filter-shipments";
import { addDays } from "@/lib/rules/calendar-day";
import { getDb, type Transaction } from "@/lib/db/client";
import { filterAddressRequests, filterReminders, filterShipments } from "@/lib/db/schema";
import type { UsAddress } from "@/lib/schemas/auth";
import type { ScheduledJob } from "@/lib/server/jobs/scheduler";
import { describeError } from "@/lib/server/base/error-log";
import { AppError } from "@/lib/server/base/errors";
import { queueMail } from "@/lib/server/mail/outbox";
import { filterAddressNeededMail, filterOrderMail, filterReminderMail } from "@/lib/server/mail/templates/filters";
import { createSystemOrder } from "@/lib/server/orders";
import { acceptsReminders, reminderUnsubscribe } from "@/lib/server/reminders";
import { storeDate } from "@/lib/server/shipping/dates";
import { inTransaction } from "@/lib/server/transaction";
import { formatScheduleDay } from "@/lib/display/filter-schedule-display";
import { filterStageSpecs } from "@/lib/server/catalog/lookups";
import { findUserById } from "@/lib/server/auth/users";
import { activeMembers } from "@/lib/server/memberships/member-rule";
import { latestShippingAddress } from "@/lib/server/orders/lookups";
import { loadScheduledPurifiers, type ScheduledPurifier } from "./data";
import { isOrderDue, plannedShipments, type PlannedShipment } from "./plan";
import { log } from "@/lib/server/log";

// The two filter jobs. Each acts on an item (a shipment, a reminder) only after claiming it in the
// transaction that does the work: a row with a unique key written with ON CONFLICT DO NOTHING
// RETURNING, or a conditional UPDATE of a postponed shipment. Of several instances running at the
// same moment one gets the row and the others nothing, so an order or a mail is made once; and a
// claim whose work fails (no stock) rolls back with it, so the next run tries again.

/** Where a member's filters go: the default address, else the address of their latest order with one. */
async function shippingAddressOf(tx: Transaction, userId: string): Promise<UsAddress | null> {
  const user = await findUserById(tx, userId);
  return user?.defaultAddress ?? (await latestShippingAddress(tx, userId));
}

type ShipmentOutcome = "ordered" | "needsAddress" | "addressRequested" | "taken" | "outOfStock";

/**
 * Claims the purifier's shipments whose order day has come and makes their order, in one
 * transaction. Usually one; several only when stages are overdue on different days (a purifier
 * registered long after it was installed): they then travel in one parcel, not one each.
 */
async function orderShipments(owner: ScheduledPurifier, due: readonly PlannedShipment[], now: Date): Promise<ShipmentOutcome> {
  const { purifier } = owner;
  const first = due[0];
  if (!first) return "taken";
  try {
    return await inTransaction(async (tx): Promise<ShipmentOutcome> => {
      const address = await shippingAddressOf(tx, purifier.userId);
      if (!address) {
        const asked = await tx
          .insert(filterAddressRequests)
          .values({ purifierId: purifier.id, dueOn: first.dueOn })
          .onConflictDoNothing()
          .returning({ dueOn: filterAddressRequests.dueOn });
        if (asked.length === 0) return "needsAddress";
        const filters = due.flatMap((shipment) => shipment.stages.map((stage) => ({ sku: stage.sku, name: stage.name })));
        await queueMail(tx, filterAddressNeededMail(owner.email, owner.name, { serial: purifier.serial, filters, dueOn: first.shipFor }));
        return "addressRequested";
      }
      const claimed: { id: string; shipment: PlannedShipment }[] = [];
      for (const shipment of due) {
        const stages = shipment.stages.map((stage) => stage.stage);
        const [claim] = shipment.record
          ? await tx
              .update(filterShipments)
              .set({ status: "ordered", stages, updatedAt: now })
              .where(
                and(
                  eq(filterShipments.purifierId, purifier.id),
                  eq(filterShipments.dueOn, shipment.dueOn),
                  eq(filterShipments.status, "postponed"),
                ),
              )
              .returning({ id: filterShipments.id })
          : await tx
              .insert(filterShipments)
              .values({ purifierId: purifier.id, dueOn: shipment.dueOn, stages, status: "ordered" })
              .onConflictDoNothing()
              .returning({ id: filterShipments.id });
        if (claim) claimed.push({ id: claim.id, shipment });
      }
      const firstClaimed = claimed[0];
      if (!firstClaimed) return "taken";
      const filters = claimed.flatMap(({ shipment }) => shipment.stages.map((stage) => ({ sku: stage.sku, name: stage.name })));
      const shipFor = firstClaimed.shipment.shipFor;
      const orderId = await createSystemOrder(tx, {
        userId: purifier.userId,
        lines: filters.map((filter) => ({ sku: filter.sku, quantity: 1 })),
        address,
        note: `Membership filters for ${purifier.serial ? `purifier ${purifier.serial}` : "the customer's purifier"}, due ${formatScheduleDay(shipFor)}`,
        now,
      });
      await tx
        .update(filterShipments)
        .set({ orderId })
        .where(
          inArray(
            filterShipments.id,
            claimed.map((claim) => claim.id),
          ),
        );
      await queueMail(
        tx,
        filterOrderMail(owner.email, owner.name, {
          orderId,
          serial: purifier.serial,
          filters,
          dueOn: shipFor,
          overdue: shipFor < storeDate(now),
          address,
        }),
      );
      return "ordered";
    });
  } catch (error) {
    // Short of stock (or the filter taken off sale): nothing was claimed, the next run tries again.
    if (error instanceof AppError && (error.code === 409 || error.code === 404)) {
      log.warn(
        { purifierId: purifier.id, dueOn: first.dueOn, reason: error.message },
        `Filter shipment for purifier ${purifier.id} due ${first.dueOn} waits: ${error.message}`,
      );
      return "outOfStock";
    }
    throw error;
  }
}

/**
 * What both jobs start from: the shop's day at `now` and every purifier on the schedule, with whether
 * its owner has the member's benefits then and (worked out when asked) its planned shipments.
 */
async function scheduleAt(now: Date) {
  const db = await getDb();
  const today = storeDate(now);
  const specs = await filterStageSpecs(db);
  const owners = await loadScheduledPurifiers(db);
  const members = await activeMembers(
    db,
    owners.map((owner) => owner.purifier.userId),
    now,
  );
  return {
    today,
    purifiers: owners.map((owner) => ({
      owner,
      member: members.has(owner.purifier.userId),
      planned: () => plannedShipments(specs, owner.purifier.installedOn, owner.changes, owner.records, today),
    })),
  };
}

/**
 * Members' filters on schedule: for each purifier whose owner's membership is active at `now`, the
 * shipment whose order day (the lead time before its due date, in the shop's calendar) has come
 * becomes a zero-price order, once per purifier and due date.
 */
export async function runFilterShipments(now: Date): Promise<Record<string, number>> {
  const { today, purifiers } = await scheduleAt(now);
  const report: Record<ShipmentOutcome | "failed", number> = {
    ordered: 0,
    needsAddress: 0,
    addressRequested: 0,
    taken: 0,
    outOfStock: 0,
    failed: 0,
  };
  for (const { owner, member, planned } of purifiers) {
    if (!member) continue;
    const due = planned().filter((shipment) => isOrderDue(shipment, today));
    if (due.length === 0) continue;
    try {
      report[await orderShipments(owner, due, now)] += 1;
    } catch (error) {
      // One purifier's failure must not hold up the others'; it is tried again on the next run.
      report.failed += 1;
      log.error(
        { purifierId: owner.purifier.id, error: describeError(error) },
        `Filter shipment for purifier ${owner.purifier.id} failed: ${describeError(error)}`,
      );
    }
  }
  return report;
}

/**
 * Non-members' reminders: the lead time before a stage is due (and until its due day, in case a run
 * was missed), one e-mail per purifier and due day naming the stages due then, each stage reminded
 * once. Customers who left the reminders list get none.
 */
export async function runFilterReminders(now: Date): Promise<Record<string, number>> {
  const { today, purifiers } = await scheduleAt(now);
  const windowEnd = addDays(today, FILTER_SCHEDULE.reminderLeadDays);
  const report = { sent: 0, optedOut: 0, failed: 0 };
  for (const { owner, member, planned } of purifiers) {
    if (member) continue;
    const due = planned().filter((shipment) => shipment.dueOn >= today && shipment.dueOn <= windowEnd);
    for (const shipment of due) {
      try {
        const outcome = await inTransaction(async (tx) => {
          if (!(await acceptsReminders(tx, owner.purifier.userId))) return "optedOut" as const;
          const claimed = await tx
            .insert(filterReminders)
            .values(shipment.stages.map((stage) => ({ purifierId: owner.purifier.id, stage: stage.stage, dueOn: shipment.dueOn })))
            .onConflictDoNothing()
            .returning({ stage: filterReminders.stage });
          const stages = shipment.stages.filter((stage) => claimed.some((row) => row.stage === stage.stage));
          if (stages.length === 0) return null;
          const unsubscribe = reminderUnsubscribe(owner.purifier.userId);
          await queueMail(tx, {
            ...filterReminderMail(owner.email, owner.name, {
              serial: owner.purifier.serial,
              filters: stages.map((stage) => ({ sku: stage.sku, name: stage.name })),
              dueOn: shipment.dueOn,
              unsubscribeUrl: unsubscribe.url,
            }),
            headers: unsubscribe.headers,
          });
          return "sent" as const;
        });
        if (outcome) report[outcome] += 1;
      } catch (error) {
        report.failed += 1;
        log.error(
          { purifierId: owner.purifier.id, dueOn: shipment.dueOn, error: describeError(error) },
          `Filter reminder for purifier ${owner.purifier.id} due ${shipment.dueOn} failed: ${describeError(error)}`,
        );
      }
    }
  }
  return report;
}

export const filterShipmentsJob: ScheduledJob = { name: "filter-shipments", everyMs: FILTER_SCHEDULE.jobEveryMs, run: runFilterShipments };
export const filterRemindersJob: ScheduledJob = { name: "filter-reminders", everyMs: FILTER_SCHEDULE.jobEveryMs, run: runFilterReminders };
