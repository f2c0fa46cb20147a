import { loginBodySchema } from "@/lib/schemas/auth";
import { PROOF_HEADER } from "@/lib/proof-of-work/protocol";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { clientInfo } from "@/lib/server/http/client-info";
import { loginWithPassword } from "@/lib/server/auth/login";
import { signedInResponse } from "@/lib/server/auth/session";
import { trustedDeviceOf } from "@/lib/server/auth/trusted-device";

export const POST = apiRoute({ auth: "none", body: loginBodySchema }, async ({ request, body }) => {
  const { result, deviceCookie } = await loginWithPassword(body, clientInfo(request), {
    device: trustedDeviceOf(request),
    proof: request.headers.get(PROOF_HEADER),
  });
  return signedInResponse(result, [deviceCookie]);
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
