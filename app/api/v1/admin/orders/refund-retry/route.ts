import { retryRefundBodySchema } from "@/lib/schemas/operator-order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { operatorRetryRefund } from "@/lib/server/orders";

export const POST = apiRoute({ auth: "operator", body: retryRefundBodySchema }, async ({ user, body }) => operatorRetryRefund(user, body));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
