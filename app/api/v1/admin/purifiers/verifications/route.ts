import { operatorVerificationListQuerySchema } from "@/lib/schemas/purifier";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { operatorListVerifications } from "@/lib/server/purifiers";

export const GET = apiRoute({ auth: "operator", query: operatorVerificationListQuerySchema }, async ({ user, query }) =>
  operatorListVerifications(user, query),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
