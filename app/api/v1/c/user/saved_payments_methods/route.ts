import { addSavedCardBodySchema, savedCardBodySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { addSavedCard, listSavedPaymentMethods, removeSavedPaymentMethod } from "@/lib/server/payments";

export const GET = apiRoute({ auth: "customer" }, async ({ user }) => listSavedPaymentMethods(user.id));

export const POST = apiRoute({ auth: "customer", body: addSavedCardBodySchema }, async ({ user, body }) =>
  addSavedCard(user.id, body.card),
);

export const DELETE = apiRoute({ auth: "customer", body: savedCardBodySchema }, async ({ user, body }) =>
  removeSavedPaymentMethod(user.id, body.id),
);

export const { OPTIONS, PUT, PATCH } = otherMethods("GET", "POST", "DELETE");
