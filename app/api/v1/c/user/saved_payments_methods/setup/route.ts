import { cardSetupBodySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { startCardSetup } from "@/lib/server/payments";

export const POST = apiRoute({ auth: "customer", body: cardSetupBodySchema }, async ({ user, body }) =>
  startCardSetup(user.id, body.attemptKey),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
