import { submitTrackingBodySchema } from "@/lib/schemas/after-sale";
import { submitAfterSaleTracking } from "@/lib/server/after-sale";
import { apiRoute } from "@/lib/server/http/handler";

export const POST = apiRoute({ auth: "customer", body: submitTrackingBodySchema }, async ({ user, body }) =>
  submitAfterSaleTracking(user.id, body),
);
