import { operatorOrderListQuerySchema } from "@/lib/schemas/operator-order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { operatorListOrders } from "@/lib/server/orders";

export const GET = apiRoute({ auth: "operator", query: operatorOrderListQuerySchema }, async ({ user, query }) =>
  operatorListOrders(user, query),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
