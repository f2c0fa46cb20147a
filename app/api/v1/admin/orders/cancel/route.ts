import { adminCancelOrderBodySchema } from "@/lib/schemas/admin-order";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";
import { adminCancelOrder } from "@/lib/server/orders";

export const POST = apiRoute({ body: adminCancelOrderBodySchema }, async ({ request, body }) => {
  const { user } = await requireSession(request);
  return adminCancelOrder(user, body);
});
