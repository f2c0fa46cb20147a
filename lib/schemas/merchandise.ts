import { z } from "zod";
import { money, specRowSchema } from "./cart";

// `Merchandise` as design/api.md defines it.

export const merchandiseSchema = z.object({
  skuNum: z.string(),
  name: z.string(),
  subtitle: z.string(),
  category: z.string(),
  image: z.array(z.string()),
  attributes: z.string(),
  spec: z.array(specRowSchema),
  originalPrice: money,
  discountPrice: money,
  stock: z.number().int(),
  description: z.string(),
});

export type Merchandise = z.infer<typeof merchandiseSchema>;
