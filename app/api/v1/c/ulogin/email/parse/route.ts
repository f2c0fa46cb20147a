import { emailParseQuerySchema } from "@/lib/schemas/auth";
import { apiRoute } from "@/lib/server/http/handler";
import { parseEmailLink } from "@/lib/server/auth/email-links";

export const GET = apiRoute({ auth: "none", query: emailParseQuerySchema }, async ({ query }) => parseEmailLink(query.token));
