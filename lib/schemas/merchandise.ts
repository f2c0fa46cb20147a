import { z } from "zod";
import { money, specRowSchema } from "./cart";

// `Merchandise` as design/api.md defines it, and the queries of the two catalogue calls.

/** The catalogue's categories, as the API and the store's links name them (the database uses the same list). */
export const MERCHANDISE_CATEGORIES = ["purifier", "filter", "membership", "care", "repair", "accessory"] as const;
export type MerchandiseCategory = (typeof MERCHANDISE_CATEGORIES)[number];

/** Store orderings: featured is the operator's own order (sort_order). */
export const MERCHANDISE_SORTS = ["featured", "price_asc", "price_desc", "name"] as const;
export type MerchandiseSort = (typeof MERCHANDISE_SORTS)[number];

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
  stock: z.number().int(),
  description: z.string(),
});

export type Merchandise = z.infer<typeof merchandiseSchema>;

/** What a shared (cached) page may show: everything but the stock, which changes with every order. */
export type ShelfItem = Omit<Merchandise, "stock">;

export const merchandiseListSchema = z.object({ list: z.array(merchandiseSchema), total: z.number().int() });
export type MerchandiseList = z.infer<typeof merchandiseListSchema>;

// Query strings: `category=` (empty) means every category, as in the contract's example.
export const merchandiseListQuerySchema = z.strictObject({
  category: z
    .union([z.literal(""), z.enum(MERCHANDISE_CATEGORIES)])
    .optional()
    .transform((value) => value || undefined),
  sort: z.enum(MERCHANDISE_SORTS).default("featured"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MERCHANDISE_PAGE_SIZE.max).default(MERCHANDISE_PAGE_SIZE.default),
});
export type MerchandiseListQuery = z.output<typeof merchandiseListQuerySchema>;

// Any sku-shaped text is looked up: one that is not in the store is a 404, not a validation error.
export const merchandiseDetailQuerySchema = z.strictObject({
  sku: z.string().trim().min(1, "Enter a product sku.").max(64, "A product sku has at most 64 characters."),
});

/**
 * An operator's change to one product (the operator console calls lib/server/catalog's
 * updateMerchandise with it). Prices are "12.90" strings like everywhere at the edge.
 */
export const merchandiseUpdateSchema = z
  .strictObject({
    originalPrice: money.optional(),
    discountPrice: money.optional(),
    stock: z.number().int().min(0).max(1_000_000).optional(),
    listed: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: "Change at least one of originalPrice, discountPrice, stock or listed.",
  });
export type MerchandiseUpdate = z.infer<typeof merchandiseUpdateSchema>;
