import { paymentCheckBodySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { checkOrderPayment } from "@/lib/server/orders";

export const POST = apiRoute({ auth: "customer", body: paymentCheckBodySchema }, async ({ user, body }) =>
  checkOrderPayment(user, body.orderId),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
