import { z } from "zod";
import {
  AWAITING_VERIFICATIONS,
  MAX_AWAITING_PURIFIERS,
  PROOF_CONTENT_TYPES,
  PROOF_MAX_TEXT,
  PURIFIER_VERIFICATIONS,
  REJECT_REASON_MAX,
} from "@/lib/config/purifiers";
import { isCalendarDay } from "@/lib/rules/calendar-day";
import { multiLineText, singleLineText, uuidText } from "./text";
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
  alreadyYours: "This purifier is already under My purifiers.",
  tooManyAwaiting: `You have ${MAX_AWAITING_PURIFIERS} purifiers waiting for verification. Attach their proofs of purchase, or wait for our answer, before adding another.`,
  proofMissing: "Choose the file of your proof of purchase.",
  proofType: "Attach your proof of purchase as a PDF, JPEG or PNG file.",
  proofTooLarge: `The file is too large: a proof of purchase may be at most ${PROOF_MAX_TEXT}.`,
  proofNotNeeded: "This purifier needs no proof of purchase: we vouch for it already.",
  proofNotFound: "This purifier has no proof of purchase attached.",
  verifyNeedsProof: "No proof of purchase is attached yet: there is nothing to verify.",
  alreadyVouched: "This purifier is vouched for already.",
  verifyRejected: "This purifier was rejected. The customer can attach a new proof of purchase, which brings it back here.",
  serialShipped: (serial: string, order: string) =>
    `Serial number ${serial} is on a purifier we shipped in order #${order}: it is registered to that order's customer when delivered.`,
  serialVerifiedFor: (serial: string, email: string) => `Serial number ${serial} is already verified on a purifier of ${email}.`,
  rejectReason: "Give the reason for the rejection (the customer reads it).",
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

/** The proof of purchase a customer attached: what the pages say about it (the file is its own call). */
export const purifierProofSchema = z.object({
  fileName: z.string(),
  contentType: z.enum(PROOF_CONTENT_TYPES),
  /** Bytes. */
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type PurifierProof = z.infer<typeof purifierProofSchema>;

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
  /** Whether the shop vouches for it (only "shipped" and "verified" may be put on Lenwell Care). */
  verification: z.enum(PURIFIER_VERIFICATIONS),
  /** Why an operator could not verify it; null unless "rejected". */
  rejectReason: z.string().nullable(),
  proof: purifierProofSchema.nullable(),
});
export type Purifier = z.infer<typeof purifierSchema>;

const purifierIdQuery = z.strictObject({ purifierId: purifierIdField });

/** GET /purifier/proof and the console's: whose proof to send. */
export const purifierProofQuerySchema = purifierIdQuery;
export type PurifierProofQuery = z.infer<typeof purifierProofQuerySchema>;

/** The upload's text field beside the file (multipart/form-data). */
export const attachProofFieldsSchema = purifierIdQuery;

export const verifyPurifierBodySchema = z.strictObject({ purifierId: purifierIdField });
export type VerifyPurifierBody = z.infer<typeof verifyPurifierBodySchema>;

export const rejectPurifierBodySchema = z.strictObject({
  purifierId: purifierIdField,
  reason: multiLineText({ message: PURIFIER_MESSAGES.rejectReason })
    .trim()
    .min(3, PURIFIER_MESSAGES.rejectReason)
    .max(REJECT_REASON_MAX, `Use at most ${REJECT_REASON_MAX} characters.`),
});
export type RejectPurifierBody = z.infer<typeof rejectPurifierBodySchema>;

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

/** The verification queue's states: proof received (what an operator can act on first), or none yet. */
export const operatorVerificationListQuerySchema = z.strictObject({
  status: z.enum(AWAITING_VERIFICATIONS).optional(),
  /** Part of a serial (case-insensitive). */
  serial: singleLineText().trim().max(32, "Use at most 32 characters.").optional(),
  ...OPERATOR_PAGE_FIELDS,
});
export type OperatorVerificationListQuery = z.infer<typeof operatorVerificationListQuerySchema>;

/** A purifier waiting for verification, with what else the shop knows of its serial. */
export const operatorVerificationSchema = operatorPurifierSchema.extend({
  /** Other customers' purifiers with the same serial, and where the shop stands with each. */
  otherClaims: z.array(z.object({ customerEmail: z.string(), verification: z.enum(PURIFIER_VERIFICATIONS) })),
  /** Orders that carried a purifier with this serial (shipped or delivered), to whom. */
  shipments: z.array(z.object({ orderId: z.string(), customerEmail: z.string() })),
});
export type OperatorVerification = z.infer<typeof operatorVerificationSchema>;

export const operatorVerificationListSchema = pageSchema(operatorVerificationSchema);
