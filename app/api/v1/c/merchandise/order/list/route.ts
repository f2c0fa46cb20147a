import { orderListQuerySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { listOrders } from "@/lib/server/orders";

export const GET = apiRoute({ auth: "customer", query: orderListQuerySchema }, async ({ user, query }) => listOrders(user.id, query));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
