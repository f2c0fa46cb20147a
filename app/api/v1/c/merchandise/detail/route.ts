import { merchandiseDetailQuerySchema } from "@/lib/schemas/merchandise";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { getMerchandiseOrThrow } from "@/lib/server/catalog";

export const GET = apiRoute({ auth: "none", query: merchandiseDetailQuerySchema }, async ({ query }) => getMerchandiseOrThrow(query.sku));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
