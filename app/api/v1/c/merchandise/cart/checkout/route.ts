import { emptyBodySchema } from "@/lib/schemas/order";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";
import { checkoutCart, referralCodeOf } from "@/lib/server/orders";

export const POST = apiRoute({ body: emptyBodySchema }, async ({ request }) => {
  const { user } = await requireSession(request);
  return checkoutCart(user.id, referralCodeOf(request));
});
