import { emptyBodySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { referralCodeOf } from "@/lib/server/orders";
import { checkoutCart } from "@/lib/server/checkout";

export const POST = apiRoute({ auth: "customer", body: emptyBodySchema }, async ({ user, request }) =>
  checkoutCart(user.id, referralCodeOf(request)),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
