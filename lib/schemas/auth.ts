import { z } from "zod";

// Request bodies of the login group, shared by the forms and the route handlers.

export const emailField = z.string().trim().max(254).pipe(z.email({ message: "Enter a valid e-mail address." }));

export const loginBodySchema = z.strictObject({
  email: emailField,
  // Length rules apply when a password is chosen; here any string up to the maximum is checked.
  password: z.string().min(1, "Enter your password.").max(128, "Use at most 128 characters."),
});

export type LoginBody = z.infer<typeof loginBodySchema>;

export const sendCodeBodySchema = z.strictObject({
  email: emailField,
  purpose: z.enum(["register", "reset"]),
});

export const codeField = z.string().regex(/^\d{6}$/, "Enter the 6-digit code from the e-mail.");

export const registerBodySchema = z.strictObject({
  email: emailField,
  code: codeField,
  // The full rules (length, common passwords) are checked by the server; this is the first guard.
  password: z.string().min(8, "Use at least 8 characters.").max(512, "Use at most 128 characters."),
  username: z.string().trim().min(1).max(60, "Use at most 60 characters.").optional(),
});

export type SendCodeBody = z.infer<typeof sendCodeBodySchema>;
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const resetBodySchema = z.strictObject({
  email: emailField,
  code: codeField,
  password: z.string().min(8, "Use at least 8 characters.").max(512, "Use at most 128 characters."),
});
