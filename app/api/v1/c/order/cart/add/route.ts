import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { addToCart } from "@/lib/server/cart";
import { skuQuantityBodySchema } from "@/lib/schemas/order";

export const POST = apiRoute({ auth: "customer", body: skuQuantityBodySchema }, async ({ user, body }) =>
  addToCart(user.id, body.skuNum, body.quantity),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
