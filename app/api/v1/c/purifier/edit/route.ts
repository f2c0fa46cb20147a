import { editPurifierBodySchema } from "@/lib/schemas/purifier";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { editPurifier } from "@/lib/server/purifiers";

export const PUT = apiRoute({ auth: "customer", body: editPurifierBodySchema }, async ({ user, body }) => editPurifier(user.id, body));

export const { GET, HEAD, OPTIONS, POST, PATCH, DELETE } = otherMethods("PUT");
