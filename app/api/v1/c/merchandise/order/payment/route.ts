import { paymentBodySchema } from "@/lib/schemas/order";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";
import { payOrder } from "@/lib/server/orders";

export const POST = apiRoute({ body: paymentBodySchema }, async ({ request, body }) => {
  const { user } = await requireSession(request);
  return payOrder(user, body);
});
