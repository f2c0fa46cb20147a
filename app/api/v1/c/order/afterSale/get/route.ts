import { afterSaleIdQuerySchema } from "@/lib/schemas/after-sale";
import { getAfterSaleForCustomer } from "@/lib/server/after-sale";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";

export const GET = apiRoute({ query: afterSaleIdQuerySchema }, async ({ request, query }) => {
  const { user } = await requireSession(request);
  return getAfterSaleForCustomer(user.id, query.afterSaleId);
});
