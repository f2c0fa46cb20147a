import { z } from "zod";
import { usAddressSchema } from "./auth";

// `user` as the login and profile calls answer it (docs/api.md, Login group); shared by the server's
// responses and the browser's reads.

/**
 * A membership or care plan as the profile shows it: `plan` is the plan's sku (LW-MEM-M, LW-MEM-Y,
 * LW-CARE-2Y), `name` what the store calls it; `endsAt` includes plans bought ahead, which start
 * when the running one ends. status: active, scheduled, expired or cancelled.
 */
export const membershipSchema = z.object({
  plan: z.string(),
  name: z.string(),
  status: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
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
