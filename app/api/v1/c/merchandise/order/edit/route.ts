import { editOrderBodySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { editOrder } from "@/lib/server/orders";

export const PUT = apiRoute({ auth: "customer", body: editOrderBodySchema }, async ({ user, body }) => editOrder(user.id, body));

export const { GET, HEAD, OPTIONS, POST, PATCH, DELETE } = otherMethods("PUT");
