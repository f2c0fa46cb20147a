import { editOrderBodySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { editOrder } from "@/lib/server/orders";

export const PUT = apiRoute({ auth: "customer", body: editOrderBodySchema }, async ({ user, body }) => editOrder(user.id, body));
