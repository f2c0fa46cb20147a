import { z } from "zod";
import { isCalendarDay } from "@/lib/rules/calendar-day";
import { singleLineText, uuidText } from "./text";
import { OPERATOR_PAGE_FIELDS, pageSchema } from "./paging";

// My purifiers (/api/v1/c/purifier/...) and the console's purifier search: request bodies, the
// Purifier answer, and the words a customer reads when a purifier or a care plan is refused. Client
// and server share this file, so the product page can say up front what the server would refuse.

/** The serial as printed on the unit's label: letters, digits and hyphens, stored upper-cased. */
export const SERIAL_PATTERN = /^[A-Za-z0-9-]{6,32}$/;

export const PURIFIER_MESSAGES = {
  serialFormat: "Enter the serial number as printed on the label (6 to 32 letters, digits or hyphens).",
  serialRequired: "Enter the serial number as printed on the label.",
  serialTaken: (serial: string) =>
    `Serial number ${serial} is already registered to a purifier. Check the label, or contact us if it is yours.`,
  serialRepeated: (serial: string) => `Serial number ${serial} is entered twice.`,
  serialAlreadySet: "This purifier already has a serial number. Contact us to correct it.",
  dayFormat: "Enter a date.",
  purchaseInFuture: "The purchase date cannot be in the future.",
  installInFuture: "The installation date cannot be in the future.",
  installBeforePurchase: "The installation date cannot be before the purchase date.",
  changeInFuture: "The change date cannot be in the future.",
  changeBeforeInstall: "The change date cannot be before the purifier was installed.",
  unknownStage: "This purifier has no such filter stage.",
  notFound: "This purifier does not exist.",
  nothingToChange: "Enter the installation date or the serial number to change.",
  tooManySerials: (name: string, quantity: number) => `${name}: enter at most ${quantity} serial numbers (one per unit).`,
  notAPurifierLine: "Serial numbers are only for the purifiers of this order.",
} as const;

// Kept where the product page's buy box can read it without the schemas (and zod) in its bundle.

const serialField = singleLineText({ message: PURIFIER_MESSAGES.serialRequired })
  .trim()
  .min(1, PURIFIER_MESSAGES.serialRequired)
  .regex(SERIAL_PATTERN, PURIFIER_MESSAGES.serialFormat)
  .transform((serial) => serial.toUpperCase());

const dayField = singleLineText({ message: PURIFIER_MESSAGES.dayFormat }).refine(isCalendarDay, PURIFIER_MESSAGES.dayFormat);
const purifierIdField = uuidText(PURIFIER_MESSAGES.notFound);

export const addPurifierBodySchema = z.strictObject({
  serial: serialField,
  purchasedOn: dayField,
  /** Omitted: the purchase day. */
  installedOn: dayField.optional(),
});
export type AddPurifierBody = z.infer<typeof addPurifierBodySchema>;

export const editPurifierBodySchema = z.strictObject({
  purifierId: purifierIdField,
  installedOn: dayField.optional(),
  /** Only for a purifier registered without one; a serial once set is corrected by the shop. */
  serial: serialField.optional(),
});
export type EditPurifierBody = z.infer<typeof editPurifierBodySchema>;

export const filterChangeBodySchema = z.strictObject({
  purifierId: purifierIdField,
  stage: z.number({ message: PURIFIER_MESSAGES.unknownStage }).int(PURIFIER_MESSAGES.unknownStage).min(1, PURIFIER_MESSAGES.unknownStage),
  /** Omitted: today (the shop's day). */
  changedOn: dayField.optional(),
});
export type FilterChangeBody = z.infer<typeof filterChangeBodySchema>;

/** Serials the operator read off the purifiers of one order line when shipping. */
export const shipSerialsSchema = z
  .array(
    z.strictObject({
      skuNum: singleLineText()
        .trim()
        .regex(/^[A-Z0-9-]{2,40}$/, "Unknown product."),
      serials: z.array(serialField).max(1000),
    }),
  )
  .max(100);
export type ShipSerials = z.infer<typeof shipSerialsSchema>;

export const filterStageViewSchema = z.object({
  stage: z.number().int(),
  /** The cartridge's sku, for "Order this filter". */
  skuNum: z.string(),
  name: z.string(),
  lifeMonths: z.number().int(),
  lastChangedOn: z.string(),
  dueOn: z.string(),
  daysLeft: z.number().int(),
  usedPercent: z.number().int().min(0).max(100),
});
export type FilterStageView = z.infer<typeof filterStageViewSchema>;

export const careCoverageSchema = z.object({
  planId: z.string(),
  /** "active" covers the purifier now; "scheduled" starts when the running plan ends; "ended" is the last one that did. */
  status: z.enum(["active", "scheduled", "ended"]),
  startsOn: z.string(),
  /** The last covered day (the shop's day), inclusive. */
  endsOn: z.string(),
});
export type CareCoverage = z.infer<typeof careCoverageSchema>;

/** What cancelling a Lenwell Care plan gives back (the confirm dialog, the cancel's answer). */
export const careCancellationSchema = z.object({
  /** "69.00" */
  refund: z.string(),
  /** Why that amount, in the customer's words ("cancelled within 30 days of buying it"). */
  why: z.string(),
  /** "Visa •••• 4242"; null when nothing comes back or the card is unknown. */
  card: z.string().nullable(),
});
export type CareCancellation = z.infer<typeof careCancellationSchema>;

export const careCancelBodySchema = z.strictObject({ planId: uuidText("Unknown care plan.") });
export type CareCancelBody = z.infer<typeof careCancelBodySchema>;

export const purifierSchema = z.object({
  purifierId: z.string(),
  skuNum: z.string(),
  name: z.string(),
  serial: z.string().nullable(),
  source: z.enum(["order", "customer"]),
  orderId: z.string().nullable(),
  purchasedOn: z.string(),
  installedOn: z.string(),
  registeredAt: z.string(),
  stages: z.array(filterStageViewSchema),
  care: careCoverageSchema.nullable(),
});
export type Purifier = z.infer<typeof purifierSchema>;

export const purifierListSchema = z.object({
  list: z.array(purifierSchema),
  /** The shop's day the stages were computed for (what "today" is on the page). */
  today: z.string(),
});
export type PurifierList = z.infer<typeof purifierListSchema>;

// Console.

export const operatorPurifierListQuerySchema = z.strictObject({
  /** Part of a serial (case-insensitive); omitted: the most recent registrations. */
  serial: singleLineText().trim().max(32, "Use at most 32 characters.").optional(),
  ...OPERATOR_PAGE_FIELDS,
});
export type OperatorPurifierListQuery = z.infer<typeof operatorPurifierListQuerySchema>;

export const operatorPurifierSchema = purifierSchema.extend({ customer: z.object({ id: z.string(), email: z.string() }) });
export type OperatorPurifier = z.infer<typeof operatorPurifierSchema>;

export const operatorPurifierListSchema = pageSchema(operatorPurifierSchema).extend({ today: z.string() });
