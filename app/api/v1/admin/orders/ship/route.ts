import { shipOrderBodySchema } from "@/lib/schemas/operator-order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { shipOrder } from "@/lib/server/orders";

export const POST = apiRoute({ auth: "operator", body: shipOrderBodySchema }, async ({ user, body }) => shipOrder(user, body));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
