import { cancelOrderBodySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { cancelOrder } from "@/lib/server/orders";

export const POST = apiRoute({ auth: "customer", body: cancelOrderBodySchema }, async ({ user, body }) =>
  cancelOrder(user.id, body.orderId, body.reason || null),
);
