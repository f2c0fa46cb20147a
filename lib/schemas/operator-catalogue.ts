import { z } from "zod";
import { singleLineText } from "./text";
import { MERCHANDISE_CATEGORIES, MERCHANDISE_UPDATE_EMPTY, merchandiseUpdateSchema } from "./merchandise";

// The operator calls on the catalogue (/api/v1/admin/catalogue/...) and what the console shows.

export const operatorCatalogueUpdateBodySchema = z
  .strictObject({
    sku: singleLineText({ message: "Enter a product sku." })
      .trim()
      .min(1, "Enter a product sku.")
      .max(64, "A product sku has at most 64 characters."),
    ...merchandiseUpdateSchema.shape,
  })
  .refine(
    (body) => [body.originalPrice, body.discountPrice, body.memberPrice, body.stock, body.listed].some((field) => field !== undefined),
    {
      message: MERCHANDISE_UPDATE_EMPTY,
    },
  );
export type OperatorCatalogueUpdateBody = z.infer<typeof operatorCatalogueUpdateBodySchema>;

export const operatorProductSchema = z.object({
  sku: z.string(),
  name: z.string(),
  category: z.enum(MERCHANDISE_CATEGORIES),
  originalPrice: z.string(),
  discountPrice: z.string(),
  /** Null: the product has no member price. */
  memberPrice: z.string().nullable(),
  stock: z.number().int(),
  listed: z.boolean(),
  updatedAt: z.string(),
});
export type OperatorProduct = z.infer<typeof operatorProductSchema>;

export const productChangeSchema = z.object({
  field: z.string(),
  from: z.string(),
  to: z.string(),
  /** The operator's e-mail address, or null when the account is gone or no operator was named. */
  by: z.string().nullable(),
  at: z.string(),
});
export type ProductChange = z.infer<typeof productChangeSchema>;
