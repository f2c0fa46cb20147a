import { cancelMembershipBodySchema } from "@/lib/schemas/user";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { cancelMembership } from "@/lib/server/memberships";

export const POST = apiRoute({ auth: "customer", body: cancelMembershipBodySchema }, async ({ user }) => cancelMembership(user.id));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
