import { applyAfterSaleBodySchema } from "@/lib/schemas/after-sale";
import { applyAfterSale } from "@/lib/server/after-sale";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";

export const POST = apiRoute({ body: applyAfterSaleBodySchema }, async ({ request, body }) => {
  const { user } = await requireSession(request);
  return applyAfterSale(user.id, body);
});
