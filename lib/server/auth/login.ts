import "server-only";
import { AppError } from "@/lib/server/http/errors";
import { loginThrottle } from "@/lib/server/rate-limit/login-throttle";
import { verifyPassword } from "./password";
import { createSession, type SessionMeta } from "./session";
import { deviceBucket, trustedDeviceCookie, type TrustedDevice } from "./trusted-device";
import { findUserByEmail, normaliseEmail, userView } from "./users";

export const LOGIN_FAILED = "The e-mail or password is incorrect.";

/**
 * Password sign-in. An unknown e-mail and a wrong password get the same answer after the same
 * work (a hash is verified either way), and count against the same limits, so the call does not
 * tell who has an account. `device` is the browser's trusted-device cookie, if any; the answer
 * carries a fresh one (Set-Cookie value) for the route to send.
 */
export async function loginWithPassword(email: string, password: string, meta: SessionMeta, device: TrustedDevice | null) {
  const typed = normaliseEmail(email);
  // Only a browser holding a device cookie needs the account before the throttle; every other
  // attempt is admitted (or refused) before anything is read, so parallel guesses cannot slip in.
  let user = device ? await findUserByEmail(typed) : undefined;
  const trusted = device && user?.passwordHash && user.id === device.userId ? deviceBucket(device, user.passwordHash) : null;
  const attempt = await loginThrottle().begin({ email: typed, device: trusted, ip: meta.ip });
  if (user === undefined) user = await findUserByEmail(typed);
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) {
    await attempt.failed();
    throw new AppError(401, LOGIN_FAILED);
  }
  await attempt.succeeded();
  const session = await createSession(user.id, meta);
  return {
    result: { token: session.token, user: await userView(user) },
    deviceCookie: trustedDeviceCookie(user.id, device),
  };
}
