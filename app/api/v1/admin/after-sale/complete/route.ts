import { completeAfterSaleBodySchema } from "@/lib/schemas/after-sale";
import { completeAfterSale } from "@/lib/server/after-sale";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";

export const POST = apiRoute({ body: completeAfterSaleBodySchema }, async ({ request, body }) => {
  const { user } = await requireSession(request);
  return completeAfterSale(user, body);
});
