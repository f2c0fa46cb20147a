import { adminAfterSaleListQuerySchema } from "@/lib/schemas/after-sale";
import { adminListAfterSales } from "@/lib/server/after-sale";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";

export const GET = apiRoute({ query: adminAfterSaleListQuerySchema }, async ({ request, query }) => {
  const { user } = await requireSession(request);
  return adminListAfterSales(user, query);
});
