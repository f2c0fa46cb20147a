import { operatorPurifierListQuerySchema } from "@/lib/schemas/purifier";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { operatorListPurifiers } from "@/lib/server/purifiers";

export const GET = apiRoute({ auth: "operator", query: operatorPurifierListQuerySchema }, async ({ user, query }) =>
  operatorListPurifiers(user, query),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
