import { apiRoute } from "@/lib/server/http/handler";
import { requireSession } from "@/lib/server/auth/session";
import { listCart } from "@/lib/server/cart";

export const GET = apiRoute({}, async ({ request }) => {
  const { user } = await requireSession(request);
  return listCart(user.id);
});
