import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { readRawBody } from "@/lib/server/http/request";
import { receivePaymentEvent } from "@/lib/server/orders";

// The payment provider's webhook (Stripe: payment_intent.*, charge.refunded, charge.dispute.created).
// Open to anyone: what makes a call count is its signature, checked on the exact text sent.
export const POST = apiRoute({ auth: "none" }, async ({ request }) => receivePaymentEvent(await readRawBody(request), request.headers));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
