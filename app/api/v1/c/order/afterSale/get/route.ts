import { afterSaleIdQuerySchema } from "@/lib/schemas/after-sale";
import { getAfterSaleForCustomer } from "@/lib/server/after-sale";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const GET = apiRoute({ auth: "customer", query: afterSaleIdQuerySchema }, async ({ user, query }) =>
  getAfterSaleForCustomer(user.id, query.afterSaleId),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
