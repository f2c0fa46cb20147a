import { sendCodeBodySchema } from "@/lib/schemas/auth";
import { apiRoute } from "@/lib/server/http/handler";
import { sendCode } from "@/lib/server/auth/accounts";

export const POST = apiRoute({ body: sendCodeBodySchema }, ({ body }) => sendCode(body.email, body.purpose));
