import { savedCardBodySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { setDefaultPaymentMethod } from "@/lib/server/payments";

export const PUT = apiRoute({ auth: "customer", body: savedCardBodySchema }, async ({ user, body }) =>
  setDefaultPaymentMethod(user.id, body.id),
);

export const { GET, HEAD, OPTIONS, POST, PATCH, DELETE } = otherMethods("PUT");
