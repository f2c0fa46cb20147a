import { unsubscribeQuerySchema } from "@/lib/schemas/filter-shipments";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { unsubscribeWithToken } from "@/lib/server/reminders";

// The unsubscribe page's button and the mail clients' one-click unsubscribe (RFC 8058) both POST
// here with the signed token in the query; the one-click body ("List-Unsubscribe=One-Click") says
// nothing more, so it is not read. Never on GET: mail scanners follow links.
export const POST = apiRoute({ auth: "none", query: unsubscribeQuerySchema }, async ({ query }) => unsubscribeWithToken(query.token));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
