import { apiRoute } from "@/lib/server/http/handler";
import { addToCart } from "@/lib/server/cart";
import { skuQuantityBodySchema } from "@/lib/schemas/order";

export const POST = apiRoute({ auth: "customer", body: skuQuantityBodySchema }, async ({ user, body }) =>
  addToCart(user.id, body.skuNum, body.quantity),
);
