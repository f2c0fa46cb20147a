import { cancelOrderBodySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { cancelOrder } from "@/lib/server/orders";

export const POST = apiRoute({ auth: "customer", body: cancelOrderBodySchema }, async ({ user, body }) =>
  cancelOrder(user.id, body.orderId, body.reason || null),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
