import { orderListQuerySchema } from "@/lib/schemas/order";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";
import { listOrders } from "@/lib/server/orders";

export const GET = apiRoute({ query: orderListQuerySchema }, async ({ request, query }) => {
  const { user } = await requireSession(request);
  return listOrders(user.id, query);
});
