import { deliverOrderBodySchema } from "@/lib/schemas/operator-order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { deliverOrder } from "@/lib/server/orders";

export const POST = apiRoute({ auth: "operator", body: deliverOrderBodySchema }, async ({ user, body }) =>
  deliverOrder(user, body.orderId),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
