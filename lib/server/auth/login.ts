import "server-only";
import { AppError } from "@/lib/server/http/errors";
import { verifyPassword } from "./password";
import { createSession, type SessionMeta } from "./session";
import { findUserByEmail, toUserView } from "./users";

export const LOGIN_FAILED = "The e-mail or password is incorrect.";

/**
 * Password sign-in. An unknown e-mail and a wrong password get the same answer after the same
 * work (a hash is verified either way), so the call does not tell who has an account.
 */
export async function loginWithPassword(email: string, password: string, meta: SessionMeta) {
  const user = await findUserByEmail(email);
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) throw new AppError(401, LOGIN_FAILED);
  const session = await createSession(user.id, meta);
  return { token: session.token, user: toUserView(user) };
}
