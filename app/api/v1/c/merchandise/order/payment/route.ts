import { paymentBodySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { payOrder } from "@/lib/server/orders";

export const POST = apiRoute({ auth: "customer", body: paymentBodySchema }, async ({ user, body }) => payOrder(user, body));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
