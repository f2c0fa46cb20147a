"use client";

// The payment page's calls and the order-edit schema, loaded when the customer first saves or pays:
// the page opens without the API client or zod.
export { editOrder } from "@/lib/api/orders";
export { newIdempotencyKey, payOrder } from "@/lib/api/payments";
export { editOrderBodySchema } from "@/lib/schemas/order";
