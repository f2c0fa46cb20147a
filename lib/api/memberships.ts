"use client";

import type { z } from "zod";
import {
  cancelMembershipResponseSchema,
  renewalCardResponseSchema,
  type CancelMembershipResponse,
  type Membership,
  type renewalCardBodySchema,
} from "@/lib/schemas/user";
import { careCancellationSchema, type CareCancellation } from "@/lib/schemas/purifier";
import { callApi } from "./client";
import { loginOnExpiry } from "./login-on-expiry";

/** POST /user/membership/cancel: what the cancel did, and the membership now. */
export async function cancelMembership(): Promise<CancelMembershipResponse> {
  return callApi("post", "user/membership/cancel", cancelMembershipResponseSchema, { json: {}, blocking: true }).catch(loginOnExpiry);
}

/** PUT /user/membership/card: the card renewals charge (a past-due renewal is tried again with it at once). */
export async function setRenewalCard(body: z.input<typeof renewalCardBodySchema>): Promise<Membership | null> {
  const answer = await callApi("put", "user/membership/card", renewalCardResponseSchema, { json: body, blocking: true }).catch(
    loginOnExpiry,
  );
  return answer.membership;
}

/** GET /user/care/cancel: what cancelling the Lenwell Care plan now would give back. */
export async function previewCareCancel(planId: string): Promise<CareCancellation> {
  return callApi("get", "user/care/cancel", careCancellationSchema, { searchParams: { planId } }).catch(loginOnExpiry);
}

/** POST /user/care/cancel: the plan ends now; what came back. */
export async function cancelCare(planId: string): Promise<CareCancellation> {
  return callApi("post", "user/care/cancel", careCancellationSchema, { json: { planId }, blocking: true }).catch(loginOnExpiry);
}
