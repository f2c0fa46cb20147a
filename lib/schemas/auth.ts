import { z } from "zod";

// Request bodies of the login group, shared by the forms and the route handlers.

export const emailField = z.string().trim().max(254).pipe(z.email({ message: "Enter a valid e-mail address." }));

export const loginBodySchema = z.strictObject({
  email: emailField,
  // Length rules apply when a password is chosen; here any string up to the maximum is checked.
  password: z.string().min(1, "Enter your password.").max(128, "Use at most 128 characters."),
});

export type LoginBody = z.infer<typeof loginBodySchema>;
