import { loginBodySchema } from "@/lib/schemas/auth";
import { apiRoute } from "@/lib/server/http/handler";
import { ok } from "@/lib/server/http/envelope";
import { clientInfo } from "@/lib/server/http/client-info";
import { loginWithPassword } from "@/lib/server/auth/login";
import { sessionCookie } from "@/lib/server/auth/session";

export const POST = apiRoute({ body: loginBodySchema }, async ({ request, body }) => {
  const result = await loginWithPassword(body.email, body.password, clientInfo(request));
  return ok(result, { headers: { "Set-Cookie": sessionCookie(result.token) } });
});
