import { emptyBodySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { checkoutCart, referralCodeOf } from "@/lib/server/orders";

export const POST = apiRoute({ auth: "customer", body: emptyBodySchema }, async ({ user, request }) =>
  checkoutCart(user.id, referralCodeOf(request)),
);
