import { skuQuantityBodySchema } from "@/lib/schemas/order";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";
import { buyNow, referralCodeOf } from "@/lib/server/orders";

export const POST = apiRoute({ body: skuQuantityBodySchema }, async ({ request, body }) => {
  const { user } = await requireSession(request);
  return buyNow(user.id, body.skuNum, body.quantity, referralCodeOf(request));
});
