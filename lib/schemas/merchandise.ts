import { z } from "zod";
import { singleLineText } from "./text";
import { pageFields, pageSchema } from "./paging";
import {
  MERCHANDISE_CATEGORIES,
  MERCHANDISE_SORTS,
  PRICE_MAX_CENTS,
  type MerchandiseCategory,
  type MerchandiseSort,
} from "../config/catalog";
import { amountToCents, centsToAmount } from "@/lib/rules/money";
import { money, specRowSchema } from "./cart";

// `Merchandise` as docs/api.md describes it, and the queries of the two catalogue calls.

// The values live with the catalogue's other constants (zod-free, so pages can use them without
// loading zod); the schemas below validate against them.
export { MERCHANDISE_CATEGORIES, MERCHANDISE_SORTS };
export type { MerchandiseCategory, MerchandiseSort };

export const MERCHANDISE_PAGE_SIZE = { default: 20, max: 100 } as const;

export const merchandiseSchema = z.object({
  skuNum: z.string(),
  name: z.string(),
  subtitle: z.string(),
  category: z.enum(MERCHANDISE_CATEGORIES),
  image: z.array(z.string()),
  attributes: z.string(),
  spec: z.array(specRowSchema),
  originalPrice: money,
  discountPrice: money,
  /** What members pay while their membership runs; null when the product has none. */
  memberPrice: money.nullable(),
  /** The yearly membership (lib/config/memberships.ts isOnePerCustomer): quantity 1, and not for an active member. */
  onePerCustomer: z.boolean(),
  stock: z.number().int(),
  description: z.string(),
});

export type Merchandise = z.infer<typeof merchandiseSchema>;

/** What a shared (cached) page may show: everything but the stock, which changes with every order. */
export type ShelfItem = Omit<Merchandise, "stock">;

export const merchandiseListSchema = pageSchema(merchandiseSchema);
export type MerchandiseList = z.infer<typeof merchandiseListSchema>;

// Query strings: `category=` (empty) means every category (docs/api.md, Catalogue).
export const merchandiseListQuerySchema = z.strictObject({
  category: z
    .union([z.literal(""), z.enum(MERCHANDISE_CATEGORIES)])
    .optional()
    .transform((value) => value || undefined),
  sort: z.enum(MERCHANDISE_SORTS).default("featured"),
  ...pageFields(MERCHANDISE_PAGE_SIZE),
});
export type MerchandiseListQuery = z.output<typeof merchandiseListQuerySchema>;

// Any sku-shaped text is looked up: one that is not in the store is a 404, not a validation error.
export const merchandiseDetailQuerySchema = z.strictObject({
  sku: singleLineText().trim().min(1, "Enter a product sku.").max(64, "A product sku has at most 64 characters."),
});

export const MERCHANDISE_UPDATE_EMPTY = "Change at least one of originalPrice, discountPrice, memberPrice, stock or listed.";

/**
 * An operator's change to one product (the operator console calls lib/server/catalog's
 * updateMerchandise with it). Prices are "12.90" strings like everywhere at the edge.
 */
// The refinement runs even when money's pattern failed, so it reads only amounts that match it.
const priceField = money.refine(
  (amount) => !money.safeParse(amount).success || amountToCents(amount) <= PRICE_MAX_CENTS,
  `Use at most ${centsToAmount(PRICE_MAX_CENTS)}.`,
);

export const merchandiseUpdateSchema = z
  .strictObject({
    originalPrice: priceField.optional(),
    discountPrice: priceField.optional(),
    /** The member price; null clears it (members then pay the discount price). */
    memberPrice: z.union([priceField, z.null()], { message: "Enter a member price like 12.90, or null to clear it." }).optional(),
    stock: z.number().int().min(0).max(1_000_000).optional(),
    listed: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: MERCHANDISE_UPDATE_EMPTY,
  });
export type MerchandiseUpdate = z.infer<typeof merchandiseUpdateSchema>;
