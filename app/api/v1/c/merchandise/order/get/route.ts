import { orderIdQuerySchema } from "@/lib/schemas/order";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";
import { getOrderForCustomer } from "@/lib/server/orders";

export const GET = apiRoute({ query: orderIdQuerySchema }, async ({ request, query }) => {
  const { user } = await requireSession(request);
  return getOrderForCustomer(user.id, query.orderId);
});
