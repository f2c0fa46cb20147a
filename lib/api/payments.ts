"use client";

import type { z } from "zod";
import { paymentResultSchema, type bankCheckBodySchema, type paymentBodySchema, type paymentCheckBodySchema } from "@/lib/schemas/order";
import { callApi } from "./client";
import { loginOnExpiry } from "./login-on-expiry";

export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** POST /merchandise/order/payment; the caller keeps the idempotency key for a retry of the same attempt. */
export async function payOrder(body: z.input<typeof paymentBodySchema>): Promise<PaymentResult> {
  return callApi("post", "merchandise/order/payment", paymentResultSchema, { json: body }).catch(loginOnExpiry);
}

/** POST /merchandise/order/payment/check: how the payment the browser just confirmed ended, read from the provider. */
export async function checkPayment(body: z.input<typeof paymentCheckBodySchema>): Promise<PaymentResult> {
  return callApi("post", "merchandise/order/payment/check", paymentResultSchema, { json: body }).catch(loginOnExpiry);
}

/** POST /merchandise/order/payment/bank-check (Test mode): the page, standing in for the bank, passes or fails its check. */
export async function answerBankCheck(body: z.input<typeof bankCheckBodySchema>): Promise<PaymentResult> {
  return callApi("post", "merchandise/order/payment/bank-check", paymentResultSchema, { json: body }).catch(loginOnExpiry);
}

/** A fresh key for one payment attempt: 128 random bits, URL-safe. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
