import "server-only";
import { z } from "zod";
import { CODE_TTL_MINUTES } from "@/lib/config/auth";
import { env } from "@/lib/config/env";
import { EMAIL_LINK_PARAM, EMAIL_LINK_SIGN_PURPOSE } from "@/lib/config/mail";
import { ROUTES } from "@/lib/config/routes";
import { CODE_PURPOSES, type CodePurpose } from "@/lib/db/schema";
import type { EmailLink } from "@/lib/schemas/auth";
import { AppError } from "@/lib/server/base/errors";
import { signValue, verifySignedValue } from "@/lib/server/base/signed";

// The link in a code e-mail opens the register or reset page with the address filled in. It
// carries the address and the purpose, signed, and lives as long as the code. It is no key: the
// code is still needed, so a link tells nothing its reader did not already have (the e-mail).

const linkPayloadSchema = z.object({ email: z.email(), purpose: z.enum(CODE_PURPOSES) });

const PAGE_OF: Record<CodePurpose, string> = { register: ROUTES.register, reset: ROUTES.resetPassword };

export function emailLinkToken(email: string, purpose: CodePurpose): string {
  return signValue(EMAIL_LINK_SIGN_PURPOSE, { email, purpose }, CODE_TTL_MINUTES * 60);
}

/** The address to put in a code e-mail: the page for `purpose`, with a signed link token. */
export function emailLinkUrl(email: string, purpose: CodePurpose): string {
  const query = new URLSearchParams({ [EMAIL_LINK_PARAM]: emailLinkToken(email, purpose) });
  return `${env.SITE_URL}${PAGE_OF[purpose]}?${query.toString()}`;
}

/**
 * What a link token says, or a 400 for a forged, altered, expired or malformed one. It never looks
 * at accounts, so the answer is the same whether or not the address has one.
 */
export function parseEmailLink(token: string): EmailLink {
  const payload = linkPayloadSchema.safeParse(verifySignedValue(EMAIL_LINK_SIGN_PURPOSE, token));
  if (!payload.success) {
    throw new AppError(
      400,
      `This link is no longer valid. Links in our e-mails work for ${CODE_TTL_MINUTES} minutes: enter your e-mail address to get a new code.`,
    );
  }
  return { email: payload.data.email, purpose: payload.data.purpose };
}
