import { z } from "zod";
import { usAddressSchema } from "./auth";
import { cardInputSchema } from "./order";
import { uuidText } from "./text";

// `user` as the login and profile calls answer it (docs/api.md, Login group); shared by the server's
// responses and the browser's reads.

/**
 * A membership or care plan as the profile shows it: `plan` is the plan's sku (LW-MEM-M, LW-MEM-Y,
 * LW-CARE-2Y), `name` what the store calls it; `endsAt` includes plans bought ahead, which start
 * when the running one ends. status: MEMBERSHIP_VIEW_STATUSES ("past_due": a renewal charge failed
 * and is retried; the benefits last until the last try). A plan the member cancelled that runs to
 * its end says so in `cancelledAt` with `autoRenew` false.
 */
export const MEMBERSHIP_VIEW_STATUSES = ["active", "scheduled", "past_due", "expired", "cancelled"] as const;

/** What cancelling now would do (the confirm dialog states it; the cancel call does it). */
export const cancellationPreviewSchema = z.discriminatedUnion("mode", [
  /** Monthly: runs to the end of the paid month (`activeUntil`), then stops; nothing more is charged. */
  z.object({ mode: z.literal("at_period_end"), activeUntil: z.string() }),
  /** Yearly: ends today; `refund` (dollars) for `unusedMonths` unused full months goes back to `card`. */
  z.object({ mode: z.literal("now"), refund: z.number(), unusedMonths: z.number().int(), card: z.string().nullable() }),
]);
export type CancellationPreview = z.infer<typeof cancellationPreviewSchema>;

export const membershipSchema = z.object({
  plan: z.string(),
  name: z.string(),
  status: z.enum(MEMBERSHIP_VIEW_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Renews at `endsAt` by charging `renewalCard` (memberships only; care plans never renew). */
  autoRenew: z.boolean(),
  /** The saved card renewals charge ("Visa •••• 4242", its id), or null when none is kept. */
  renewalCard: z.object({ id: z.string(), label: z.string() }).nullable(),
  /** Past due: why the last renewal charge failed, and when it is tried again (null: no more tries). */
  renewalFailure: z.string().nullable(),
  nextRenewalAttemptAt: z.string().nullable(),
  /**
   * Past due because the bank asks the member to confirm the renewal's payment: the renewal order,
   * paid on its payment page until `nextRenewalAttemptAt` (then the membership ends); null otherwise.
   */
  renewalToConfirm: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Present while the plan can be cancelled from the account (memberships that renew). */
  cancellation: cancellationPreviewSchema.nullable(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  phone: z.string().nullable(),
  defaultAddress: usAddressSchema.nullable(),
  membership: membershipSchema.nullable(),
  /** The Lenwell Care plan, shown next to the membership on the account page. */
  carePlan: membershipSchema.nullable(),
  /** Only in an operator's own answers (true): the shell then links the operator console. */
  isAdmin: z.literal(true).optional(),
});

export type User = z.infer<typeof userSchema>;

export const profileResponseSchema = z.object({ user: userSchema });

/** The answer to login, registration and Google sign-in (the token also comes as the HttpOnly cookie). */
export const signedInResponseSchema = z.object({ token: z.string(), user: userSchema });

/** The answer to logout: nothing but the cleared cookies. */
export const signedOutResponseSchema = z.object({});

/** POST /user/membership/cancel: nothing to say but "cancel" (what happens is fixed by the plan). */
export const cancelMembershipBodySchema = z.strictObject({});

/** The answer to a cancel (the member's or an operator's): the membership now, and what the cancel did. */
export const cancelMembershipResponseSchema = z.object({
  membership: membershipSchema.nullable(),
  cancellation: cancellationPreviewSchema,
});
export type CancelMembershipResponse = z.infer<typeof cancelMembershipResponseSchema>;

/** PUT /user/membership/card: the card renewals charge, a saved card's id or a new card (saved then). */
export const renewalCardBodySchema = z
  .strictObject({
    paymentMethodId: uuidText("Choose a saved card.").optional(),
    card: cardInputSchema.optional(),
  })
  .refine((body) => (body.paymentMethodId === undefined) !== (body.card === undefined), {
    message: "Choose a saved card or enter a new one.",
    path: ["paymentMethodId"],
  });

export const renewalCardResponseSchema = z.object({ membership: membershipSchema.nullable() });

/** POST /api/v1/admin/plans/cancel: an operator cancels the membership a row belongs to. */
export const operatorCancelMembershipBodySchema = z.strictObject({ membershipId: uuidText("Unknown membership.") });
