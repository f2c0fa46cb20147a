import { apiRoute } from "@/lib/server/http/handler";
import { requireSession } from "@/lib/server/auth/session";
import { removeFromCart } from "@/lib/server/cart";
import { skuBodySchema } from "@/lib/schemas/order";

export const DELETE = apiRoute({ body: skuBodySchema }, async ({ request, body }) => {
  const { user } = await requireSession(request);
  return removeFromCart(user.id, body.skuNum);
});
