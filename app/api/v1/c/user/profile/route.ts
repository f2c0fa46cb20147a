import { apiRoute } from "@/lib/server/http/handler";
import { requireSession } from "@/lib/server/auth/session";
import { userView } from "@/lib/server/auth/users";

export const GET = apiRoute({}, async ({ request }) => {
  const { user } = await requireSession(request);
  return { user: await userView(user) };
});
