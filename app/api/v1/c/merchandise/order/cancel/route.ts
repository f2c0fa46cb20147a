import { cancelOrderBodySchema } from "@/lib/schemas/order";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";
import { cancelOrder } from "@/lib/server/orders";

export const POST = apiRoute({ body: cancelOrderBodySchema }, async ({ request, body }) => {
  const { user } = await requireSession(request);
  return cancelOrder(user.id, body.orderId, body.reason || null);
});
