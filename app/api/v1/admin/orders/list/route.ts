import { adminOrderListQuerySchema } from "@/lib/schemas/admin-order";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";
import { adminListOrders } from "@/lib/server/orders";

export const GET = apiRoute({ query: adminOrderListQuerySchema }, async ({ request, query }) => {
  const { user } = await requireSession(request);
  return adminListOrders(user, query);
});
