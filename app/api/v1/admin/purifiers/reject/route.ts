import { rejectPurifierBodySchema } from "@/lib/schemas/purifier";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { operatorRejectPurifier } from "@/lib/server/purifiers";

export const POST = apiRoute({ auth: "operator", body: rejectPurifierBodySchema }, async ({ user, body }) =>
  operatorRejectPurifier(user, body),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
