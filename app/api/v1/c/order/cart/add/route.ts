import { apiRoute } from "@/lib/server/http/handler";
import { requireSession } from "@/lib/server/auth/session";
import { addToCart } from "@/lib/server/cart";
import { skuQuantityBodySchema } from "@/lib/schemas/order";

export const POST = apiRoute({ body: skuQuantityBodySchema }, async ({ request, body }) => {
  const { user } = await requireSession(request);
  return addToCart(user.id, body.skuNum, body.quantity);
});
