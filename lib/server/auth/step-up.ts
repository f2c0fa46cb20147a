import "server-only";
import { randomBytes } from "node:crypto";
import { env } from "@/lib/config/env";
import { EMAIL_LINK_PARAM } from "@/lib/config/mail";
import { ROUTES } from "@/lib/config/routes";
import type { UserRow } from "@/lib/db/schema";
import { signInLinkMail } from "@/lib/server/mail/templates/account";
import { queueMail } from "@/lib/server/mail/outbox";
import { loginThrottle } from "@/lib/server/rate-limit/login-throttle";
import { inTransaction } from "@/lib/server/transaction";
import { signValue, verifySignedValue } from "@/lib/server/base/signed";
import { findUserByEmail } from "./users";

// Step-up for an account under attack: after too many wrong passwords from browsers it does not
// trust, a password is checked only together with a sign-in link mailed to the account. The link
// is no key by itself (the password is still needed) and anyone may cause one to be sent, but only
// the owner can read it, so the owner always has a way in and a guesser never has one.

const PURPOSE = "sign-in-link";

function linkToken(userId: string, ttlSeconds: number): string {
  return signValue(PURPOSE, { uid: userId, id: randomBytes(12).toString("base64url") }, ttlSeconds);
}

/**
 * The rate-limit bucket of a sign-in link if `token` is a valid one for `userId`, else null. Each
 * link has its own bucket, so wrong passwords sent with one never spoil another.
 */
export function signInLinkBucket(token: string, userId: string): string | null {
  const payload = verifySignedValue(PURPOSE, token);
  if (!payload || payload.uid !== userId || typeof payload.id !== "string") return null;
  return `${userId}:${payload.id}`;
}

/**
 * Mails the account of `email` a sign-in link, unless one went out so recently that the one its
 * owner has still works, or no account has that address. `account`: the account if already read
 * (null: none has the address); otherwise it is read only once a link may go.
 */
export async function offerSignInLink(email: string, account?: Pick<UserRow, "id" | "email"> | null): Promise<void> {
  const ttlSeconds = await loginThrottle().linkMailTtl(email);
  if (ttlSeconds === null) return;
  const user = account === undefined ? await findUserByEmail(email) : account;
  if (!user) return;
  const query = new URLSearchParams({ [EMAIL_LINK_PARAM]: linkToken(user.id, ttlSeconds) });
  const link = `${env.SITE_URL}${ROUTES.login}?${query.toString()}`;
  await inTransaction(async (tx) => {
    await queueMail(tx, signInLinkMail(user.email, link, Math.round(ttlSeconds / 60)));
  });
}
