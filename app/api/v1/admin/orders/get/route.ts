import { adminOrderIdQuerySchema } from "@/lib/schemas/admin-order";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";
import { adminGetOrder } from "@/lib/server/orders";

export const GET = apiRoute({ query: adminOrderIdQuerySchema }, async ({ request, query }) => {
  const { user } = await requireSession(request);
  return adminGetOrder(user, query.orderId);
});
