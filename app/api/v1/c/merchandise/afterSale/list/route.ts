import { afterSaleListQuerySchema } from "@/lib/schemas/after-sale";
import { listAfterSales } from "@/lib/server/after-sale";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";

export const GET = apiRoute({ query: afterSaleListQuerySchema }, async ({ request, query }) => {
  const { user } = await requireSession(request);
  return listAfterSales(user.id, query);
});
