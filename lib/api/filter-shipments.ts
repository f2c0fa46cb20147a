"use client";

import {
  reminderSettingsSchema,
  upcomingFilterShipmentsSchema,
  type FilterShipmentAction,
  type ReminderSettings,
  type UpcomingFilterShipments,
} from "@/lib/schemas/filter-shipments";
import { callApi } from "./client";
import { loginOnExpiry } from "./login-on-expiry";

// The filter schedule and reminder calls (docs/api.md, "Filters on schedule and reminders").

export const upcomingFilterShipmentsQueryKey = ["purifier", "filterShipment", "list"] as const;

/** GET /purifier/filterShipment/list */
export async function fetchUpcomingFilterShipments(): Promise<UpcomingFilterShipments> {
  return callApi("get", "purifier/filterShipment/list", upcomingFilterShipmentsSchema).catch(loginOnExpiry);
}

/** POST /purifier/filterShipment/skip or /postpone; answers the updated list. */
export async function changeFilterShipment(action: "skip" | "postpone", body: FilterShipmentAction): Promise<UpcomingFilterShipments> {
  return callApi("post", `purifier/filterShipment/${action}`, upcomingFilterShipmentsSchema, { json: body }).catch(loginOnExpiry);
}

/** POST /user/reminders */
export async function saveReminderSettings(subscribed: boolean): Promise<ReminderSettings> {
  return callApi("post", "user/reminders", reminderSettingsSchema, { json: { subscribed } }).catch(loginOnExpiry);
}

/** POST /reminders/unsubscribe?token= (no session: the unsubscribe page). */
export async function unsubscribeFromReminders(token: string): Promise<ReminderSettings> {
  return callApi("post", "reminders/unsubscribe", reminderSettingsSchema, { searchParams: { token }, allowAnonymous: true });
}
