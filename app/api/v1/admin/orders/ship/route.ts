import { shipOrderBodySchema } from "@/lib/schemas/admin-order";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";
import { shipOrder } from "@/lib/server/orders";

export const POST = apiRoute({ body: shipOrderBodySchema }, async ({ request, body }) => {
  const { user } = await requireSession(request);
  return shipOrder(user, body);
});
