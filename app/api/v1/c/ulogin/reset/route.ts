import { resetBodySchema } from "@/lib/schemas/auth";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { clientInfo } from "@/lib/server/http/client-info";
import { resetPassword } from "@/lib/server/auth/accounts";

export const POST = apiRoute({ auth: "none", body: resetBodySchema }, ({ request, body }) => resetPassword(body, clientInfo(request)));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
