import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { removeFromCart } from "@/lib/server/cart";
import { skuBodySchema } from "@/lib/schemas/order";

export const DELETE = apiRoute({ auth: "customer", body: skuBodySchema }, async ({ user, body }) => removeFromCart(user.id, body.skuNum));

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH } = otherMethods("DELETE");
