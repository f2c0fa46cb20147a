import { sql } from "drizzle-orm";
import { check, customType, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { PROOF_CONTENT_TYPES, PROOF_MAX_BYTES, PURIFIER_VERIFICATIONS } from "../../config/purifiers";
import { orders } from "./orders";
import { products } from "./products";
import { users } from "./users";
import { createdAt, updatedAt } from "./columns";

export const PURIFIER_SOURCES = ["order", "customer"] as const;
export type PurifierSource = (typeof PURIFIER_SOURCES)[number];
export { PURIFIER_VERIFICATIONS, type PurifierVerification } from "../../config/purifiers";

// A purifier registered to its owner: one row per RO600 unit of a delivered order (`order`), or one
// the customer added, bought elsewhere (`customer`). Dates are calendar days in the shop's time
// zone (America/Chicago): a filter falls due on a day, not at an instant. `verification` says whether
// the shop vouches for it (docs/decisions/0040); lib/server/purifiers/verification.ts alone moves it.
// A serial is unique per owner, and among verified purifiers; two customers may claim one serial
// while an operator decides, so that adding a purifier never tells whether someone else has it.
export const purifiers = pgTable(
  "purifiers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sku: text("sku")
      .notNull()
      .references(() => products.sku, { onDelete: "restrict" }),
    /** As printed on the unit's label; null until the operator or the owner enters it. Stored upper-cased. */
    serial: text("serial"),
    source: text("source", { enum: PURIFIER_SOURCES }).notNull(),
    /** The delivered order it came from, and which unit of that order's line (0-based). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    orderUnit: integer("order_unit"),
    purchasedOn: date("purchased_on", { mode: "string" }).notNull(),
    /** When the owner set it up; the filters' clock starts here. Defaults to the purchase (delivery) day. */
    installedOn: date("installed_on", { mode: "string" }).notNull(),
    /**
     * Whoever registers a purifier says how the shop knows it; a row written without saying (an
     * instance of the previous release, during a rolling deploy) is one nobody vouched for.
     */
    verification: text("verification", { enum: PURIFIER_VERIFICATIONS }).notNull().default("awaiting_proof"),
    /** The operator who verified or rejected it, when, and the reason a rejection gives the customer. */
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    rejectReason: text("reject_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("purifiers_user_idx").on(table.userId, table.createdAt),
    index("purifiers_verification_idx").on(table.verification, table.updatedAt),
    uniqueIndex("purifiers_owner_serial_key").on(table.userId, table.serial),
    uniqueIndex("purifiers_verified_serial_key")
      .on(table.serial)
      .where(sql`${table.verification} = 'verified'`),
    uniqueIndex("purifiers_order_unit_key").on(table.orderId, table.orderUnit),
    check("purifiers_installed_after_purchase", sql`${table.installedOn} >= ${table.purchasedOn}`),
    check("purifiers_serial_upper", sql`${table.serial} is null or ${table.serial} = upper(${table.serial})`),
    check("purifiers_verification_known", sql`${table.verification} in ('shipped', 'awaiting_proof', 'in_review', 'verified', 'rejected')`),
    check("purifiers_rejected_has_reason", sql`${table.verification} <> 'rejected' or ${table.rejectReason} is not null`),
  ],
);

// bytea, which Drizzle has no column for: a Buffer in, a Buffer out (PGlite answers a Uint8Array).
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// The proof of purchase a customer attached to a purifier awaiting verification: one per purifier
// (a new one replaces it), kept in the database so every instance serves it and a backup holds it.
// Its type is what its first bytes are, never what the upload said; it is served only to its owner
// and to operators.
export const purifierProofs = pgTable(
  "purifier_proofs",
  {
    purifierId: uuid("purifier_id")
      .primaryKey()
      .references(() => purifiers.id, { onDelete: "cascade" }),
    contentType: text("content_type", { enum: PROOF_CONTENT_TYPES }).notNull(),
    /** The name it was uploaded under, cleaned to plain characters: shown, never used as a path. */
    fileName: text("file_name").notNull(),
    byteSize: integer("byte_size").notNull(),
    sha256: text("sha256").notNull(),
    data: bytes("data").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("purifier_proofs_type_known", sql`${table.contentType} in ('application/pdf', 'image/jpeg', 'image/png')`),
    check("purifier_proofs_size", sql`${table.byteSize} between 1 and ${sql.raw(String(PROOF_MAX_BYTES))}`),
    check("purifier_proofs_size_matches", sql`octet_length(${table.data}) = ${table.byteSize}`),
  ],
);

export const FILTER_CHANGE_SOURCES = ["customer", "shipment"] as const;
export type FilterChangeSource = (typeof FILTER_CHANGE_SOURCES)[number];

// A cartridge change on one purifier's stage. No row for a stage means the cartridge it came with,
// counted from the installation day.
export const filterChanges = pgTable(
  "filter_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purifierId: uuid("purifier_id")
      .notNull()
      .references(() => purifiers.id, { onDelete: "cascade" }),
    stage: integer("stage").notNull(),
    changedOn: date("changed_on", { mode: "string" }).notNull(),
    source: text("source", { enum: FILTER_CHANGE_SOURCES }).notNull().default("customer"),
    createdAt: createdAt(),
  },
  (table) => [index("filter_changes_purifier_idx").on(table.purifierId, table.stage, table.changedOn)],
);

export type PurifierRow = typeof purifiers.$inferSelect;
export type PurifierProofRow = typeof purifierProofs.$inferSelect;
export type FilterChangeRow = typeof filterChanges.$inferSelect;
