import { rejectAfterSaleBodySchema } from "@/lib/schemas/after-sale";
import { rejectAfterSale } from "@/lib/server/after-sale";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";

export const POST = apiRoute({ body: rejectAfterSaleBodySchema }, async ({ request, body }) => {
  const { user } = await requireSession(request);
  return rejectAfterSale(user, body);
});
