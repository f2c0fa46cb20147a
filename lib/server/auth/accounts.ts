import "server-only";
import { eq, sql } from "drizzle-orm";
import { CODE_RESEND_AFTER_S } from "@/lib/config/auth";
import { getDb } from "@/lib/db/client";
import { users, type CodePurpose } from "@/lib/db/schema";
import type { ResetResponse, SendCodeResponse } from "@/lib/schemas/auth";
import { AppError } from "@/lib/server/base/errors";
import {
  alreadyRegisteredMail,
  noAccountResetMail,
  resetCodeMail,
  verificationCodeMail,
  welcomeMail,
} from "@/lib/server/mail/templates/account";
import { queueMail } from "@/lib/server/mail/outbox";
import type { MailDraft } from "@/lib/server/mail/render";
import { mailIsConfigured } from "@/lib/server/mail/transport";
import { inTransaction } from "@/lib/server/transaction";
import { codeNoLongerValid, consumeCode, issueCode } from "./codes";
import { emailLinkUrl } from "./email-links";
import { assertPasswordAcceptable, hashPassword } from "./password";
import { createSession, revokeOtherSessions, type SessionMeta } from "./session";
import { codeThrottle } from "@/lib/server/rate-limit/code-throttle";
import { loginThrottle } from "@/lib/server/rate-limit/login-throttle";
import { findUserByEmail, normaliseEmail, userView } from "./users";
import { log } from "@/lib/server/log";

/** What the browser brought besides the form: its address when known, and a proof of work. */
export interface CodeRequestCredentials {
  ip: string | null;
  /** The X-Proof-Of-Work header, owed only while the shop sends more code e-mails than usual. */
  proof: string | null;
}

/**
 * Sends a code for registering or resetting a password, once the code throttle admits the request
 * (it counts the e-mail shop-wide before it is queued). Known and unknown addresses get the same
 * answer and the same work, one e-mail each: the code (with a link to the page it is for) when the
 * address can use it; otherwise an e-mail saying why not ("you already have an account" to an
 * owner asking to register, "there is no account" to a stranger asking for a reset), and a code
 * row that holds the resend delay but matches no code. The e-mail is queued with the code, in one
 * transaction: if it cannot be queued, there is no code either.
 */
export function sendCode(rawEmail: string, purpose: CodePurpose, { ip, proof }: CodeRequestCredentials): Promise<SendCodeResponse> {
  return codeThrottle().admitRequest(ip, proof, () => queueCode(normaliseEmail(rawEmail), purpose));
}

async function queueCode(email: string, purpose: CodePurpose): Promise<SendCodeResponse> {
  const existing = await findUserByEmail(email);
  const { issued, message } = await inTransaction(async (tx) => {
    const issued = await issueCode(tx, email, purpose, purpose === "register" ? !existing : Boolean(existing));
    let message: MailDraft;
    if (issued.code === null) message = purpose === "register" ? alreadyRegisteredMail(email) : noAccountResetMail(email);
    else if (purpose === "register") message = verificationCodeMail(email, issued.code, emailLinkUrl(email, purpose));
    else message = resetCodeMail(email, issued.code, emailLinkUrl(email, purpose));
    await queueMail(tx, message);
    return { issued, message };
  });
  // Without SMTP the server log is where a developer finds the code; only a usable one is printed.
  // With SMTP the code goes only to the inbox: nothing here, at any level.
  if (!mailIsConfigured()) {
    if (issued.code === null) {
      log.info(
        { purpose, email, template: message.template },
        `[mail outbox] ${purpose} asked for ${email}: no usable code, sent ${message.template}`,
      );
    } else {
      log.info({ purpose, email }, `[mail outbox] ${purpose} code for ${email}: ${issued.code}`);
    }
  }
  return { sent: true, resendAfter: CODE_RESEND_AFTER_S };
}

/** A new password with a reset code; every session of the account ends. */
export async function resetPassword(input: { email: string; code: string; password: string }, meta: SessionMeta): Promise<ResetResponse> {
  const email = normaliseEmail(input.email);
  assertPasswordAcceptable(input.password);
  await codeThrottle().guarded(meta.ip, () => consumeCode(email, "reset", input.code));
  const user = await findUserByEmail(email);
  // A usable reset code is only ever issued to an existing account; this guards a deleted one.
  if (!user) throw codeNoLongerValid();
  const db = await getDb();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await revokeOtherSessions(user.id);
  // The owner proved who they are: failed logins against the account no longer hold them back.
  await loginThrottle().clearAccount(email);
  return { reset: true as const };
}

export async function registerAccount(input: { email: string; code: string; password: string; username?: string }, meta: SessionMeta) {
  const email = normaliseEmail(input.email);
  assertPasswordAcceptable(input.password);
  await codeThrottle().guarded(meta.ip, () => consumeCode(email, "register", input.code));
  const passwordHash = await hashPassword(input.password);
  const row = await inTransaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email, passwordHash, username: input.username ?? null, emailVerifiedAt: sql`now()` })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw new AppError(409, "An account with this e-mail already exists. Please log in instead.");
    // The account exists whether or not the welcome e-mail goes out; a failure is only logged.
    await queueMail(tx, welcomeMail(email, created.username));
    return created;
  });
  const session = await createSession(row.id, meta);
  return { token: session.token, user: await userView(row) };
}
