import { careCancelBodySchema } from "@/lib/schemas/purifier";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { cancelCarePlan, previewCareCancellation } from "@/lib/server/memberships";

/** What cancelling would give back, for the confirm dialog. */
export const GET = apiRoute({ auth: "customer", query: careCancelBodySchema }, async ({ user, query }) =>
  previewCareCancellation(user.id, query.planId),
);

export const POST = apiRoute({ auth: "customer", body: careCancelBodySchema }, async ({ user, body }) =>
  cancelCarePlan(user.id, body.planId),
);

export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods("GET", "POST");
