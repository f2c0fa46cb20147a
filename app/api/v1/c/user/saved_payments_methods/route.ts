import { requireSession } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";
import { listSavedPaymentMethods } from "@/lib/server/payments";

export const GET = apiRoute({}, async ({ request }) => {
  const { user } = await requireSession(request);
  return listSavedPaymentMethods(user.id);
});
