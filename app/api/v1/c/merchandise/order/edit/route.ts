import { editOrderBodySchema } from "@/lib/schemas/order";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";
import { editOrder } from "@/lib/server/orders";

export const PUT = apiRoute({ body: editOrderBodySchema }, async ({ request, body }) => {
  const { user } = await requireSession(request);
  return editOrder(user.id, body);
});
