import { submitTrackingBodySchema } from "@/lib/schemas/after-sale";
import { submitAfterSaleTracking } from "@/lib/server/after-sale";
import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";

export const POST = apiRoute({ body: submitTrackingBodySchema }, async ({ request, body }) => {
  const { user } = await requireSession(request);
  return submitAfterSaleTracking(user.id, body);
});
