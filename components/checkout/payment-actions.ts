"use client";

// The payment page's calls and the schemas it checks with, loaded when the customer first types an
// address or pays: the page opens without the API client or zod.
export { editOrder, quoteOrderAddress } from "@/lib/api/orders";
export { answerBankCheck, checkPayment, newIdempotencyKey, payOrder } from "@/lib/api/payments";
export { editOrderBodySchema } from "@/lib/schemas/order";
export { usAddressSchema } from "@/lib/schemas/auth";
