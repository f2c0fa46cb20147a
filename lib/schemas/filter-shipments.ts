import { z } from "zod";
import { isCalendarDay } from "@/lib/rules/calendar-day";
import { singleLineText, uuidText } from "./text";

// The filter schedule's calls as docs/api.md describes them: the member's upcoming shipments, skip
// and postpone, and the reminder e-mail settings. Days are "YYYY-MM-DD" in the shop's calendar.

const dayField = singleLineText()
  .trim()
  .refine((value) => isCalendarDay(value), "Enter a date as YYYY-MM-DD.");

export const filterShipmentActionSchema = z.strictObject({
  purifierId: uuidText("Unknown purifier."),
  dueOn: dayField,
});
export type FilterShipmentAction = z.infer<typeof filterShipmentActionSchema>;

export const FILTER_SHIPMENT_VIEW_STATUSES = ["scheduled", "postponed"] as const;

export const upcomingFilterShipmentSchema = z.object({
  purifierId: z.string(),
  serial: z.string().nullable(),
  /** The stages' due date, the shipment's key (send it back to skip or postpone). */
  dueOn: z.string(),
  /** The date it ships for: the due date, or the new one after a postponement. */
  shipFor: z.string(),
  /** The day its order is made (the lead time before `shipFor`). */
  orderOn: z.string(),
  status: z.enum(FILTER_SHIPMENT_VIEW_STATUSES),
  filters: z.array(z.object({ stage: z.number(), skuNum: z.string(), name: z.string() })),
  canPostpone: z.boolean(),
});
export type UpcomingFilterShipment = z.infer<typeof upcomingFilterShipmentSchema>;

export const upcomingFilterShipmentsSchema = z.object({
  /** Whether the customer's membership is active today: only members' filters ship on schedule. */
  member: z.boolean(),
  shipments: z.array(upcomingFilterShipmentSchema),
});
export type UpcomingFilterShipments = z.infer<typeof upcomingFilterShipmentsSchema>;

export const reminderSettingsBodySchema = z.strictObject({
  subscribed: z.boolean({ message: "Say whether you want reminder e-mails." }),
});

export const unsubscribeQuerySchema = z.strictObject({
  token: singleLineText().trim().min(1, "This unsubscribe link is not valid.").max(1000, "This unsubscribe link is not valid."),
});

export const reminderSettingsSchema = z.object({ subscribed: z.boolean() });
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;
