import { skuQuantityBodySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { referralCodeOf } from "@/lib/server/orders";
import { buyNow } from "@/lib/server/checkout";

export const POST = apiRoute({ auth: "customer", body: skuQuantityBodySchema }, async ({ user, request, body }) =>
  buyNow(user.id, body.skuNum, body.quantity, referralCodeOf(request)),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
