import { sendCodeBodySchema } from "@/lib/schemas/auth";
import { PROOF_HEADER } from "@/lib/proof-of-work/protocol";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { clientInfo } from "@/lib/server/http/client-info";
import { sendCode } from "@/lib/server/auth/accounts";

export const POST = apiRoute({ auth: "none", body: sendCodeBodySchema }, async ({ request, body }) => {
  return sendCode(body.email, body.purpose, { ip: clientInfo(request).ip, proof: request.headers.get(PROOF_HEADER) });
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
