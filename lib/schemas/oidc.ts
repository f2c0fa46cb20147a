import { z } from "zod";
import { singleLineText } from "./text";
import { CODE_VERIFIER_PATTERN } from "@/lib/config/oidc";

// Body of POST /ulogin/google/exchange/token, shared by the callback page and the route handler.
export const googleExchangeBodySchema = z.strictObject({
  code: singleLineText().min(1, "The sign-in code is missing.").max(2048, "The sign-in code is too long."),
  redirectUri: singleLineText().min(1).max(2048),
  codeVerifier: singleLineText().regex(CODE_VERIFIER_PATTERN, "The code verifier is not valid."),
});

export type GoogleExchangeBody = z.infer<typeof googleExchangeBodySchema>;
