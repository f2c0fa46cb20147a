import { approveAfterSaleBodySchema } from "@/lib/schemas/after-sale";
import { approveAfterSale } from "@/lib/server/after-sale";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";

export const POST = apiRoute({ body: approveAfterSaleBodySchema }, async ({ request, body }) => {
  const { user } = await requireSession(request);
  return approveAfterSale(user, body);
});
