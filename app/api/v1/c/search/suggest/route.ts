import { suggestQuerySchema } from "@/lib/schemas/search";
import { requestToken } from "@/lib/server/auth/session";
import { apiRoute } from "@/lib/server/http/handler";
import { clientInfo } from "@/lib/server/http/client-info";
import { otherMethods } from "@/lib/server/http/methods";
import { searchViewer, suggest } from "@/lib/server/search";

// Open to anyone; a signed-in customer's own orders and purifiers come too.
export const GET = apiRoute({ auth: "none", query: suggestQuerySchema }, async ({ request, query }) =>
  suggest(query, await searchViewer(requestToken(request)), clientInfo(request).ip),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
