import { savedCardBodySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { listSavedPaymentMethods, removeSavedPaymentMethod } from "@/lib/server/payments";

export const GET = apiRoute({ auth: "customer" }, async ({ user }) => listSavedPaymentMethods(user.id));

export const DELETE = apiRoute({ auth: "customer", body: savedCardBodySchema }, async ({ user, body }) =>
  removeSavedPaymentMethod(user.id, body.id),
);

export const { OPTIONS, POST, PUT, PATCH } = otherMethods("GET", "DELETE");
