import { bankCheckBodySchema } from "@/lib/schemas/order";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { answerBankCheck } from "@/lib/server/orders";

// Test mode only: the payment page stands in for the bank and passes or fails its check.
export const POST = apiRoute({ auth: "customer", body: bankCheckBodySchema }, async ({ user, body }) =>
  answerBankCheck(user, body.orderId, body.passed),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
