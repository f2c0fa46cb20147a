import { skuQuantityBodySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { buyNow, referralCodeOf } from "@/lib/server/orders";

export const POST = apiRoute({ auth: "customer", body: skuQuantityBodySchema }, async ({ user, request, body }) =>
  buyNow(user.id, body.skuNum, body.quantity, referralCodeOf(request)),
);
