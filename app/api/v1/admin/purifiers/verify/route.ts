import { verifyPurifierBodySchema } from "@/lib/schemas/purifier";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { operatorVerifyPurifier } from "@/lib/server/purifiers";

export const POST = apiRoute({ auth: "operator", body: verifyPurifierBodySchema }, async ({ user, body }) =>
  operatorVerifyPurifier(user, body),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
