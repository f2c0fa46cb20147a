import "server-only";
import { eq, sql } from "drizzle-orm";
import { CODE_RESEND_AFTER_S } from "@/lib/config/auth";
import { getDb } from "@/lib/db/client";
import { users, type CodePurpose } from "@/lib/db/schema";
import { AppError } from "@/lib/server/http/errors";
import {
  alreadyRegisteredMail,
  resetCodeMail,
  verificationCodeMail,
  welcomeMail,
} from "@/lib/server/mail/messages";
import { sendMail, type MailMessage } from "@/lib/server/mail/transport";
import { consumeCode, discardCode, issueCode } from "./codes";
import { assertPasswordAcceptable, hashPassword } from "./password";
import { createSession, revokeOtherSessions, type SessionMeta } from "./session";
import { findUserByEmail, normaliseEmail, toUserView } from "./users";

/**
 * Sends a code for registering or resetting a password. The answer is the same whether or not the
 * address has an account: for registration an existing owner gets a "you already have an account"
 * e-mail instead of a code; for a reset an unknown address gets nothing. If the e-mail cannot be
 * sent, the code is discarded and the caller is told to try again.
 */
export async function sendCode(rawEmail: string, purpose: CodePurpose): Promise<{ sent: true; resendAfter: number }> {
  const email = normaliseEmail(rawEmail);
  const issued = await issueCode(email, purpose);
  const existing = await findUserByEmail(email);
  let message: MailMessage | null;
  if (purpose === "register") message = existing ? alreadyRegisteredMail(email) : verificationCodeMail(email, issued.code);
  else message = existing ? resetCodeMail(email, issued.code) : null;
  if (message) {
    try {
      await sendMail(message);
    } catch (error) {
      await discardCode(issued.id);
      throw error;
    }
  }
  return { sent: true, resendAfter: CODE_RESEND_AFTER_S };
}

/** A new password with a reset code; every session of the account ends. */
export async function resetPassword(input: { email: string; code: string; password: string }) {
  const email = normaliseEmail(input.email);
  assertPasswordAcceptable(input.password);
  await consumeCode(email, "reset", input.code);
  const user = await findUserByEmail(email);
  // A reset code is only ever mailed to an existing account; this guards a deleted one.
  if (!user) throw new AppError(400, "This code is not valid any more. Ask for a new one.");
  const db = await getDb();
  await db.update(users).set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() }).where(eq(users.id, user.id));
  await revokeOtherSessions(user.id);
  return { reset: true as const };
}

export async function registerAccount(
  input: { email: string; code: string; password: string; username?: string },
  meta: SessionMeta,
) {
  const email = normaliseEmail(input.email);
  assertPasswordAcceptable(input.password);
  await consumeCode(email, "register", input.code);
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  const [row] = await db
    .insert(users)
    .values({ email, passwordHash, username: input.username ?? null, emailVerifiedAt: sql`now()` })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!row) throw new AppError(409, "An account with this e-mail already exists. Please log in instead.");
  const session = await createSession(row.id, meta);
  // The account exists whether or not the welcome e-mail goes out; a failure is only logged.
  sendMail(welcomeMail(email, row.username)).catch((error: unknown) => console.error("Welcome mail failed:", error));
  return { token: session.token, user: toUserView(row) };
}
