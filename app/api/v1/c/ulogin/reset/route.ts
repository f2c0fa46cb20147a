import { resetBodySchema } from "@/lib/schemas/auth";
import { apiRoute } from "@/lib/server/http/handler";
import { resetPassword } from "@/lib/server/auth/accounts";

export const POST = apiRoute({ body: resetBodySchema }, ({ body }) => resetPassword(body));
