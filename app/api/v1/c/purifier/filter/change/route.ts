import { filterChangeBodySchema } from "@/lib/schemas/purifier";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { recordFilterChange } from "@/lib/server/purifiers";

export const POST = apiRoute({ auth: "customer", body: filterChangeBodySchema }, async ({ user, body }) =>
  recordFilterChange(user.id, body),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
