import "server-only";
import { AppError } from "@/lib/server/base/errors";
import { loginThrottle, STEP_UP_REQUIRED } from "@/lib/server/rate-limit/login-throttle";
import { verifyPassword } from "./password";
import { createSession, type SessionMeta } from "./session";
import { offerSignInLink, signInLinkBucket } from "./step-up";
import { deviceBucket, trustedDeviceCookie, type TrustedDevice } from "./trusted-device";
import { findUserByEmail, normaliseEmail, userView } from "./users";
import { log } from "@/lib/server/log";

export const LOGIN_FAILED = "The e-mail or password is incorrect.";

/** The answer, right password or wrong, for an account that needs a sign-in link. */
export const SIGN_IN_LINK_NEEDED =
  "This account has had too many wrong passwords, so it now needs a sign-in link from its e-mail. If the address has an account, we have e-mailed it one: open it and enter your password.";

export const SIGN_IN_LINK_INVALID = "This sign-in link is not valid any more. Enter your e-mail and password to be sent a new one.";

export interface LoginInput {
  email: string;
  password: string;
  /** The token of a sign-in link from the account's e-mail (step-up), if the page was opened from one. */
  link?: string | undefined;
}

/** What the browser brought besides the form: its trusted-device cookie and a proof of work. */
export interface LoginCredentials {
  device: TrustedDevice | null;
  /** The X-Proof-Of-Work header, owed only while the shop is flooded with failed logins. */
  proof: string | null;
}

/**
 * Password sign-in. An unknown e-mail and a wrong password get the same answer after the same
 * work (a hash is verified either way), and count against the same limits, so the call does not
 * tell who has an account. The answer carries a fresh trusted-device cookie (Set-Cookie value) for
 * the route to send.
 */
export async function loginWithPassword(input: LoginInput, meta: SessionMeta, { device, proof }: LoginCredentials) {
  const typed = normaliseEmail(input.email);
  // Only a browser holding a device cookie or a sign-in link needs the account before the throttle;
  // every other attempt is admitted (or refused) before anything is read.
  let user = device || input.link ? await findUserByEmail(typed) : undefined;
  const trusted = device && user?.passwordHash && user.id === device.userId ? deviceBucket(device, user.passwordHash) : null;
  const link = !trusted && input.link && user ? signInLinkBucket(input.link, user.id) : null;
  if (input.link && !trusted && !link) throw new AppError(400, SIGN_IN_LINK_INVALID, [{ path: "link", message: SIGN_IN_LINK_INVALID }]);

  // Counted (and, under a flood, made to prove its work) before anything is read or hashed.
  const attempt = await loginThrottle().begin({ email: typed, device: trusted, link, ip: meta.ip, proof });
  if (attempt === STEP_UP_REQUIRED) {
    // The password is not checked, so the answer is the same whether it was right. The account is
    // read only when a link may be mailed now: a flood of refused guesses reads nothing.
    await offerSignInLink(typed, user);
    throw new AppError(403, SIGN_IN_LINK_NEEDED);
  }
  if (user === undefined) user = await findUserByEmail(typed);
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password, attempt.vouched ? "vouched" : "anonymous");
  if (!user || !valid) {
    await attempt.failed();
    // The account when there is one, never the address typed: a typo of someone's password may be in it.
    log.info({ userId: user?.id ?? null }, "Login refused: wrong e-mail or password");
    throw new AppError(401, LOGIN_FAILED);
  }
  await attempt.succeeded();
  const session = await createSession(user.id, meta);
  log.info({ userId: user.id }, "Signed in with a password");
  return {
    result: { token: session.token, user: await userView(user) },
    deviceCookie: trustedDeviceCookie(user.id, device),
  };
}
