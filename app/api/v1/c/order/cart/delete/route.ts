import { apiRoute } from "@/lib/server/http/handler";
import { removeFromCart } from "@/lib/server/cart";
import { skuBodySchema } from "@/lib/schemas/order";

export const DELETE = apiRoute({ auth: "customer", body: skuBodySchema }, async ({ user, body }) => removeFromCart(user.id, body.skuNum));
