import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { SESSION_TTL_MS } from "@/lib/config/auth";
import { COOKIES, SESSION_HINT_VALUE, TOKEN_MAX_AGE_S } from "@/lib/config/store";
import { SECURE_ATTRIBUTE } from "@/lib/config/transport";
import { getDb } from "@/lib/db/client";
import { sessions, users, type UserRow } from "@/lib/db/schema";
import { ok } from "@/lib/server/base/envelope";
import { AppError } from "@/lib/server/base/errors";

// Opaque session tokens: 256 random bits, only their SHA-256 stored, one day of absolute life.

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface SessionMeta {
  userAgent: string | null;
  ip: string | null;
}

export async function createSession(userId: string, meta: SessionMeta): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const db = await getDb();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    ip: meta.ip,
  });
  return { token, expiresAt };
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return decodedCookieValue(part.slice(index + 1).trim());
  }
  return null;
}

/**
 * A broken percent escape ("Token=a%Y") is kept as written: it then fails its reader's format check
 * (a 401 for a token) instead of throwing out of the cookie parser as a 500.
 */
function decodedCookieValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The token a request carries, from the Token header or cookie; both present and different is refused. */
export function requestToken(request: Request): string | null {
  const header = request.headers.get("token")?.trim() || null;
  const cookie = readCookie(request, COOKIES.token) || null;
  if (header && cookie && header !== cookie) throw new AppError(401);
  return header ?? cookie;
}

export interface AuthContext {
  user: UserRow;
  sessionId: string;
  tokenHash: string;
}

/** The live session a token belongs to, or null (missing, malformed, expired, revoked or forged). */
export async function findSessionByToken(token: string | null | undefined): Promise<AuthContext | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  const db = await getDb();
  const [row] = await db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ? { user: row.user, sessionId: row.sessionId, tokenHash } : null;
}

/** The signed-in customer, or 401: a missing, expired, revoked or forged token is never "a guest". */
export async function requireSession(request: Request): Promise<AuthContext> {
  const session = await findSessionByToken(requestToken(request));
  if (!session) throw new AppError(401);
  return session;
}

/** Like requireSession, but a request without a valid session is simply null. */
export async function findSession(request: Request): Promise<AuthContext | null> {
  try {
    return await requireSession(request);
  } catch (error) {
    if (error instanceof AppError && error.code === 401) return null;
    throw error;
  }
}

export async function revokeSession(sessionId: string): Promise<void> {
  const db = await getDb();
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** After a password change or reset: every session but `keep` (if given) ends. */
export async function revokeOtherSessions(userId: string, keep?: string): Promise<void> {
  const db = await getDb();
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined));
}

function cookie(value: string, maxAge: number): string {
  return `${COOKIES.token}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Strict${SECURE_ATTRIBUTE}`;
}

// The non-secret "someone is signed in" hint the top bar reads before the profile answer: the same
// life and scope as the Token cookie, but readable by the page (it says nothing but "1").
function hintCookie(maxAge: number): string {
  const value = maxAge > 0 ? SESSION_HINT_VALUE : "";
  return `${COOKIES.sessionHint}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Strict${SECURE_ATTRIBUTE}`;
}

function withCookies(data: unknown, setCookies: string[]): Response {
  const headers = new Headers();
  for (const value of setCookies) headers.append("Set-Cookie", value);
  return ok(data, { headers });
}

/** The answer to a call that signs someone in: `{ token, user }`, the Token cookie and its hint. */
export function signedInResponse<T extends { token: string }>(result: T, extraCookies: string[] = []): Response {
  return withCookies(result, [cookie(result.token, TOKEN_MAX_AGE_S), hintCookie(TOKEN_MAX_AGE_S), ...extraCookies]);
}

/** Set-Cookie values that clear the Token cookie and its hint (the page cannot clear an HttpOnly one). */
export function signedOutCookies(): string[] {
  return [cookie("", 0), hintCookie(0)];
}

/** Whether the browser sent a session cookie: one that was refused is then cleared with the 401. */
export function carriesSessionCookie(request: Request): boolean {
  return Boolean(readCookie(request, COOKIES.token) || readCookie(request, COOKIES.sessionHint));
}

/** The answer to a logout: `{}` and both cookies cleared. */
export function signedOutResponse(): Response {
  return withCookies({}, signedOutCookies());
}

/**
 * Logout: ends the request's session on the server when there is one, and always clears the
 * browser's cookies, which the page itself cannot do (the token cookie is HttpOnly).
 */
export async function signOut(request: Request): Promise<Response> {
  const session = await findSession(request);
  if (session) await revokeSession(session.sessionId);
  return signedOutResponse();
}
