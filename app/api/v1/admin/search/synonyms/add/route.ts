import { synonymAddBodySchema } from "@/lib/schemas/search";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { operatorAddSynonym } from "@/lib/server/search";

export const POST = apiRoute({ auth: "operator", body: synonymAddBodySchema }, async ({ user, body }) => operatorAddSynonym(user, body));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
