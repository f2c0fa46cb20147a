import { afterSaleIdBodySchema } from "@/lib/schemas/after-sale";
import { cancelAfterSale } from "@/lib/server/after-sale";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";

export const POST = apiRoute({ body: afterSaleIdBodySchema }, async ({ request, body }) => {
  const { user } = await requireSession(request);
  return cancelAfterSale(user.id, body.afterSaleId);
});
