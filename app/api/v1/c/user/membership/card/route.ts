import { renewalCardBodySchema } from "@/lib/schemas/user";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { setRenewalCard } from "@/lib/server/memberships";

export const PUT = apiRoute({ auth: "customer", body: renewalCardBodySchema }, async ({ user, body }) => ({
  membership: await setRenewalCard(user.id, body),
}));

export const { GET, HEAD, OPTIONS, POST, PATCH, DELETE } = otherMethods("PUT");
