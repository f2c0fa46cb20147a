import { operatorCancelMembershipBodySchema } from "@/lib/schemas/user";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { operatorCancelMembership } from "@/lib/server/memberships";

export const POST = apiRoute({ auth: "operator", body: operatorCancelMembershipBodySchema }, async ({ user, body }) =>
  operatorCancelMembership(user, body.membershipId),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
