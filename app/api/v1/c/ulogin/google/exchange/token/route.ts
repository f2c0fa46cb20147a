import { googleExchangeBodySchema } from "@/lib/schemas/oidc";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { clientInfo } from "@/lib/server/http/client-info";
import { signInWithGoogle } from "@/lib/server/auth/google-sign-in";
import { signedInResponse } from "@/lib/server/auth/session";

export const POST = apiRoute({ auth: "none", body: googleExchangeBodySchema }, async ({ request, body }) => {
  const result = await signInWithGoogle(body, clientInfo(request));
  return signedInResponse(result);
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
