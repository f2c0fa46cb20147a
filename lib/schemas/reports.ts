import { z } from "zod";
import { isCalendarDay } from "@/lib/rules/calendar-day";
import { singleLineText } from "./text";

// The console overview's period, as the picker's GET form and the export calls send it
// (docs/api.md "Console figures"). Days are the shop's calendar days (America/Chicago).

export const REPORT_PERIODS = ["today", "7d", "30d", "month", "custom"] as const;
export type ReportPeriodPreset = (typeof REPORT_PERIODS)[number];

export const REPORT_PERIOD_LABELS: Readonly<Record<ReportPeriodPreset, string>> = {
  today: "Today",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  month: "This month",
  custom: "Custom",
};

/** The longest custom range: a year and a day, enough for a leap year compared with the one before. */
export const REPORT_MAX_DAYS = 366;

/** A day of the custom range, or empty (the picker's form sends its fields whether filled or not). */
const day = singleLineText()
  .trim()
  .refine((value) => value === "" || isCalendarDay(value), "Use a YYYY-MM-DD day.");

export const reportPeriodQuerySchema = z
  .object({
    period: z.enum(REPORT_PERIODS).default("30d"),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((query) => query.period !== "custom" || (Boolean(query.from) && Boolean(query.to)), {
    message: "A custom period needs a first and a last day.",
    path: ["from"],
  })
  .refine((query) => query.period !== "custom" || !query.from || !query.to || query.from <= query.to, {
    message: "The first day comes before the last.",
    path: ["to"],
  });
export type ReportPeriodQuery = z.infer<typeof reportPeriodQuerySchema>;
