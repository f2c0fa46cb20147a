import "server-only";
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { OIDC_USED_CODE_TTL_MS } from "@/lib/config/oidc";
import { getDb } from "@/lib/db/client";
import { oauthIdentities, oauthUsedCodes, users, type UserRow } from "@/lib/db/schema";
import type { GoogleExchangeBody } from "@/lib/schemas/oidc";
import { AppError } from "@/lib/server/base/errors";
import { inTransaction } from "@/lib/server/transaction";
import { connectOidcClient, exchangeCode, requireOidcSettings, verifyIdToken, type IdentityClaims } from "./oidc";
import { createSession, type SessionMeta } from "./session";
import { normaliseEmail, userView } from "./users";

export const CODE_ALREADY_USED = "This sign-in has already been used. Please try again.";
export const LINK_NEEDS_PASSWORD =
  "An account with this e-mail already exists and Google has not confirmed the address. Please log in with your password.";
const NO_EMAIL = "Your Google account did not share an e-mail address, which a Lenwell account needs.";
const RETRY = "This account was changed at the same moment. Please try again.";
const USERNAME_MAX = 60;

/**
 * Records the code as exchanged before it goes to the issuer; a second exchange of the same code
 * (a replayed callback address, a double submit) is refused here, whatever the issuer would do.
 */
async function markCodeUsed(issuer: string, code: string): Promise<void> {
  const db = await getDb();
  await db.delete(oauthUsedCodes).where(lt(oauthUsedCodes.usedAt, new Date(Date.now() - OIDC_USED_CODE_TTL_MS)));
  const codeHash = createHash("sha256").update(`${issuer}\n${code}`).digest("hex");
  const inserted = await db.insert(oauthUsedCodes).values({ codeHash, issuer }).onConflictDoNothing().returning();
  if (inserted.length === 0) throw new AppError(400, CODE_ALREADY_USED);
}

/**
 * The account of a verified identity: the one already linked to (issuer, sub); else the account
 * with the same e-mail, linked only when the issuer vouches for the address; else a new account
 * without a password.
 */
async function accountForIdentity(issuer: string, claims: IdentityClaims): Promise<UserRow> {
  return inTransaction(async (tx) => {
    const [known] = await tx
      .select({ user: users })
      .from(oauthIdentities)
      .innerJoin(users, eq(users.id, oauthIdentities.userId))
      .where(and(eq(oauthIdentities.issuer, issuer), eq(oauthIdentities.subject, claims.subject)))
      .limit(1);
    if (known) return known.user;

    if (!claims.email) throw new AppError(400, NO_EMAIL);
    const email = normaliseEmail(claims.email);
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    let user: UserRow;
    if (existing) {
      // Linking on an unverified address would let anyone who types your e-mail at the issuer into your account.
      if (!claims.emailVerified) throw new AppError(409, LINK_NEEDS_PASSWORD);
      user = existing;
      if (!existing.emailVerifiedAt) {
        const [updated] = await tx
          .update(users)
          .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
          .where(eq(users.id, existing.id))
          .returning();
        user = updated ?? existing;
      }
    } else {
      const [created] = await tx
        .insert(users)
        .values({
          email,
          passwordHash: null,
          username: claims.name ? claims.name.slice(0, USERNAME_MAX) : null,
          emailVerifiedAt: claims.emailVerified ? new Date() : null,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!created) throw new AppError(409, RETRY);
      user = created;
    }
    const linked = await tx
      .insert(oauthIdentities)
      .values({ issuer, subject: claims.subject, userId: user.id, email })
      .onConflictDoNothing()
      .returning();
    if (linked.length === 0) throw new AppError(409, RETRY);
    return user;
  });
}

/** POST /ulogin/google/exchange/token: the code from the issuer's redirect becomes a session. */
export async function signInWithGoogle(input: GoogleExchangeBody, meta: SessionMeta) {
  const settings = requireOidcSettings();
  if (input.redirectUri !== settings.redirectUri) {
    const message = "This is not the shop's sign-in address.";
    throw new AppError(422, `redirectUri: ${message}`, [{ path: "redirectUri", message }]);
  }
  const client = await connectOidcClient(settings);
  await markCodeUsed(client.settings.issuer, input.code);
  const idToken = await exchangeCode(client, input.code, input.codeVerifier);
  const claims = await verifyIdToken(client, idToken, input.codeVerifier);
  const user = await accountForIdentity(client.settings.issuer, claims);
  const session = await createSession(user.id, meta);
  return { token: session.token, user: await userView(user) };
}
