import { afterSaleIdQuerySchema } from "@/lib/schemas/after-sale";
import { operatorGetAfterSale } from "@/lib/server/after-sale";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const GET = apiRoute({ auth: "operator", query: afterSaleIdQuerySchema }, async ({ user, query }) =>
  operatorGetAfterSale(user, query.afterSaleId),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
