import { resetBodySchema } from "@/lib/schemas/auth";
import { apiRoute } from "@/lib/server/http/handler";
import { clientInfo } from "@/lib/server/http/client-info";
import { resetPassword } from "@/lib/server/auth/accounts";

export const POST = apiRoute({ auth: "none", body: resetBodySchema }, ({ request, body }) => resetPassword(body, clientInfo(request)));
