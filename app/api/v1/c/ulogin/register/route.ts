import { registerBodySchema } from "@/lib/schemas/auth";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { clientInfo } from "@/lib/server/http/client-info";
import { registerAccount } from "@/lib/server/auth/accounts";
import { signedInResponse } from "@/lib/server/auth/session";

export const POST = apiRoute({ auth: "none", body: registerBodySchema }, async ({ request, body }) => {
  const result = await registerAccount(body, clientInfo(request));
  return signedInResponse(result);
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
