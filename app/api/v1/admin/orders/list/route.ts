import { adminOrderListQuerySchema } from "@/lib/schemas/admin-order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { adminListOrders } from "@/lib/server/orders";

export const GET = apiRoute({ auth: "operator", query: adminOrderListQuerySchema }, async ({ user, query }) =>
  adminListOrders(user, query),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
