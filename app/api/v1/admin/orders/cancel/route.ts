import { operatorCancelOrderBodySchema } from "@/lib/schemas/operator-order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { operatorCancelOrder } from "@/lib/server/orders";

export const POST = apiRoute({ auth: "operator", body: operatorCancelOrderBodySchema }, async ({ user, body }) =>
  operatorCancelOrder(user, body),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
