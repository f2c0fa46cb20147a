import { emailParseQuerySchema } from "@/lib/schemas/auth";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { parseEmailLink } from "@/lib/server/auth/email-links";

export const GET = apiRoute({ auth: "none", query: emailParseQuerySchema }, async ({ query }) => parseEmailLink(query.token));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
