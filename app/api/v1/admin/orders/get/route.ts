import { operatorOrderIdQuerySchema } from "@/lib/schemas/operator-order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { operatorGetOrder } from "@/lib/server/orders";

export const GET = apiRoute({ auth: "operator", query: operatorOrderIdQuerySchema }, async ({ user, query }) =>
  operatorGetOrder(user, query.orderId),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
