import { deliverOrderBodySchema } from "@/lib/schemas/admin-order";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";
import { deliverOrder } from "@/lib/server/orders";

export const POST = apiRoute({ body: deliverOrderBodySchema }, async ({ request, body }) => {
  const { user } = await requireSession(request);
  return deliverOrder(user, body.orderId);
});
