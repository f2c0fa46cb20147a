import { synonymRemoveBodySchema } from "@/lib/schemas/search";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { operatorRemoveSynonym } from "@/lib/server/search";

export const POST = apiRoute({ auth: "operator", body: synonymRemoveBodySchema }, async ({ user, body }) =>
  operatorRemoveSynonym(user, body.id),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
