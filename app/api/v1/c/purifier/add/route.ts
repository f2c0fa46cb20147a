import { addPurifierBodySchema } from "@/lib/schemas/purifier";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { addPurifier } from "@/lib/server/purifiers";

export const POST = apiRoute({ auth: "customer", body: addPurifierBodySchema }, async ({ user, body }) => addPurifier(user.id, body));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
