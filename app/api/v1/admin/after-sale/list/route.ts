import { operatorAfterSaleListQuerySchema } from "@/lib/schemas/after-sale";
import { operatorListAfterSales } from "@/lib/server/after-sale";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const GET = apiRoute({ auth: "operator", query: operatorAfterSaleListQuerySchema }, async ({ user, query }) =>
  operatorListAfterSales(user, query),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
