import { purifierProofQuerySchema } from "@/lib/schemas/purifier";
import { downloadResponse } from "@/lib/server/http/download";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { operatorProof } from "@/lib/server/purifiers";

export const GET = apiRoute({ auth: "operator", query: purifierProofQuerySchema }, async ({ user, query }) =>
  downloadResponse(await operatorProof(user, query.purifierId)),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
