import { operatorCancelMembershipBodySchema } from "@/lib/schemas/user";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { adminCancelMembership } from "@/lib/server/memberships";

export const POST = apiRoute({ auth: "operator", body: operatorCancelMembershipBodySchema }, async ({ user, body }) =>
  adminCancelMembership(user, body.membershipId),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
