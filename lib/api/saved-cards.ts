"use client";

import { z } from "zod";
import {
  cardSetupSchema,
  savedCardAnswerSchema,
  savedPaymentMethodSchema,
  type SavedCardAnswer,
  type SavedPaymentMethod,
} from "@/lib/schemas/order";
import type { CardInput } from "@/lib/rules/card-rules";
import { callApi } from "./client";
import { loginOnExpiry } from "./login-on-expiry";

const savedCardsSchema = z.array(savedPaymentMethodSchema);

/** POST /user/saved_payments_methods: keeps a card typed into the shop's own fields. */
export async function addSavedCard(card: CardInput): Promise<SavedCardAnswer> {
  return callApi("post", "user/saved_payments_methods", savedCardAnswerSchema, { json: { card }, blocking: true }).catch(loginOnExpiry);
}

/** DELETE /user/saved_payments_methods: the cards left. */
export async function removeSavedCard(id: string): Promise<SavedPaymentMethod[]> {
  return callApi("delete", "user/saved_payments_methods", savedCardsSchema, { json: { id }, blocking: true }).catch(loginOnExpiry);
}

/** PUT /user/saved_payments_methods/default: the cards, the new default first. */
export async function makeDefaultCard(id: string): Promise<SavedPaymentMethod[]> {
  return callApi("put", "user/saved_payments_methods/default", savedCardsSchema, { json: { id }, blocking: true }).catch(loginOnExpiry);
}

/** POST /user/saved_payments_methods/setup: a setup for a card typed into the provider's own fields. */
export async function startCardSetup(attemptKey: string): Promise<z.infer<typeof cardSetupSchema>> {
  return callApi("post", "user/saved_payments_methods/setup", cardSetupSchema, { json: { attemptKey } }).catch(loginOnExpiry);
}

/** POST /user/saved_payments_methods/setup/check: how the setup the browser confirmed ended, read from the provider. */
export async function checkCardSetup(setupIntentId: string): Promise<SavedCardAnswer> {
  return callApi("post", "user/saved_payments_methods/setup/check", savedCardAnswerSchema, { json: { setupIntentId } }).catch(
    loginOnExpiry,
  );
}
