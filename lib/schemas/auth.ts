import { z } from "zod";
import { singleLineText } from "./text";
import { US_STATE_CODES } from "@/lib/config/us-states";

// Request bodies of the login group, shared by the forms and the route handlers, and the answers the
// forms read.

export const emailField = singleLineText()
  .trim()
  .max(254)
  .pipe(z.email({ message: "Enter a valid e-mail address." }));

export const loginBodySchema = z.strictObject({
  email: emailField,
  // Length rules apply when a password is chosen; here any string up to the maximum is checked.
  password: singleLineText().min(1, "Enter your password.").max(128, "Use at most 128 characters."),
  /** The token of the sign-in link an account under attack mails its owner. */
  link: singleLineText().max(1024, "The link is too long.").optional(),
});

export type LoginBody = z.infer<typeof loginBodySchema>;

export const sendCodeBodySchema = z.strictObject({
  email: emailField,
  purpose: z.enum(["register", "reset"]),
});

export const codeField = singleLineText().regex(/^\d{6}$/, "Enter the 6-digit code from the e-mail.");

export const registerBodySchema = z.strictObject({
  email: emailField,
  code: codeField,
  // The full rules (length, common passwords) are checked by the server; this is the first guard.
  password: singleLineText().min(8, "Use at least 8 characters.").max(512, "Use at most 128 characters."),
  username: singleLineText().trim().min(1).max(60, "Use at most 60 characters.").optional(),
});

export type SendCodeBody = z.infer<typeof sendCodeBodySchema>;

/** The answer to send/code: sent (always, whatever the address), and the seconds before a resend. */
export const sendCodeResponseSchema = z.object({ sent: z.literal(true), resendAfter: z.number() });
export type SendCodeResponse = z.infer<typeof sendCodeResponseSchema>;

export type RegisterBody = z.infer<typeof registerBodySchema>;

export const resetBodySchema = z.strictObject({
  email: emailField,
  code: codeField,
  password: singleLineText().min(8, "Use at least 8 characters.").max(512, "Use at most 128 characters."),
});

export const resetResponseSchema = z.object({ reset: z.literal(true) });
export type ResetResponse = z.infer<typeof resetResponseSchema>;

/** GET /ulogin/email/parse: the token of an e-mail link; its content is checked by the server. */
export const emailParseQuerySchema = z.strictObject({
  token: singleLineText().min(1, "The link has no token.").max(1024, "The link is too long."),
});

/** Its answer: the address a code was sent to, and what the code is for. */
export const emailLinkSchema = z.object({ email: z.string(), purpose: sendCodeBodySchema.shape.purpose });
export type EmailLink = z.infer<typeof emailLinkSchema>;

export const usAddressSchema = z.strictObject({
  fullName: singleLineText().trim().min(1, "Enter the recipient's name.").max(100),
  line1: singleLineText().trim().min(1, "Enter the street address.").max(120),
  line2: singleLineText().trim().max(120).optional(),
  city: singleLineText().trim().min(1, "Enter the city.").max(80),
  state: z.enum(US_STATE_CODES, { message: "Choose a US state." }),
  zip: singleLineText()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, "Enter a 5-digit ZIP code (or ZIP+4)."),
});

export type UsAddress = z.infer<typeof usAddressSchema>;

export const phoneField = singleLineText()
  .trim()
  .regex(/^\+?[0-9][0-9 ().-]{6,19}$/, "Enter a phone number with digits, such as 713 555 0147.");

export const saveProfileBodySchema = z
  .strictObject({
    username: singleLineText().trim().min(1, "Enter a name.").max(60, "Use at most 60 characters.").optional(),
    phone: phoneField.nullable().optional(),
    defaultAddress: usAddressSchema.nullable().optional(),
    currentPassword: singleLineText().max(512).optional(),
    newPassword: singleLineText().min(8, "Use at least 8 characters.").max(512, "Use at most 128 characters.").optional(),
  })
  .refine((body) => !body.newPassword || body.currentPassword, {
    message: "Enter your current password to choose a new one.",
    path: ["currentPassword"],
  });

export type SaveProfileBody = z.infer<typeof saveProfileBodySchema>;
