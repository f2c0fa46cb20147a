import { z } from "zod";
import { apiRoute } from "@/lib/server/http/handler";
import { findSession, revokeSession, signedOutResponse } from "@/lib/server/auth/session";

// Ends the session on the server when there is one, and always clears the browser's cookie, which
// the page itself cannot do (it is HttpOnly).
export const POST = apiRoute({ auth: "none", body: z.strictObject({}) }, async ({ request }) => {
  const session = await findSession(request);
  if (session) await revokeSession(session.sessionId);
  return signedOutResponse();
});
