import { runJobsBodySchema } from "@/lib/schemas/operator-jobs";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { SCHEDULED_JOBS } from "@/lib/server/wiring";
import { runScheduledWorkNow } from "@/lib/server/jobs/operator";

export const POST = apiRoute({ auth: "operator", body: runJobsBodySchema }, async ({ user, body }) =>
  runScheduledWorkNow(user, body, SCHEDULED_JOBS),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
