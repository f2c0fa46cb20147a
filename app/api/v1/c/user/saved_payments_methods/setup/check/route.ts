import { cardSetupCheckBodySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { checkCardSetup } from "@/lib/server/payments";

export const POST = apiRoute({ auth: "customer", body: cardSetupCheckBodySchema }, async ({ user, body }) =>
  checkCardSetup(user.id, body.setupIntentId),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
