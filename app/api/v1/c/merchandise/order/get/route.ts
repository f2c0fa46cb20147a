import { orderIdQuerySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { getOrderForCustomer } from "@/lib/server/orders";

export const GET = apiRoute({ auth: "customer", query: orderIdQuerySchema }, async ({ user, query }) =>
  getOrderForCustomer(user.id, query.orderId),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
