import { merchandiseDetailQuerySchema } from "@/lib/schemas/merchandise";
import { apiRoute } from "@/lib/server/http/handler";
import { getMerchandiseOrThrow } from "@/lib/server/catalog";

export const GET = apiRoute({ auth: "none", query: merchandiseDetailQuerySchema }, async ({ query }) => getMerchandiseOrThrow(query.sku));
