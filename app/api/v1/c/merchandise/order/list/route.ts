import { orderListQuerySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { listOrders } from "@/lib/server/orders";

export const GET = apiRoute({ auth: "customer", query: orderListQuerySchema }, async ({ user, query }) => listOrders(user.id, query));
