import { orderIdQuerySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { getOrderForCustomer } from "@/lib/server/orders";

export const GET = apiRoute({ auth: "customer", query: orderIdQuerySchema }, async ({ user, query }) =>
  getOrderForCustomer(user.id, query.orderId),
);
