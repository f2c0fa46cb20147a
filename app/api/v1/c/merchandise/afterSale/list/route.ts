import { afterSaleListQuerySchema } from "@/lib/schemas/after-sale";
import { listAfterSales } from "@/lib/server/after-sale";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const GET = apiRoute({ auth: "customer", query: afterSaleListQuerySchema }, async ({ user, query }) =>
  listAfterSales(user.id, query),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
