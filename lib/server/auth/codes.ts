import "server-only";
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, gte, isNull, lt, sql } from "drizzle-orm";
import { CODE_DAILY_CAP, CODE_MAX_FAILED_ATTEMPTS, CODE_RESEND_AFTER_S, CODE_TTL_MINUTES } from "@/lib/config/auth";
import { getDb, type DbExecutor } from "@/lib/db/client";
import { emailCodes, type CodePurpose } from "@/lib/db/schema";
import { AppError } from "@/lib/server/base/errors";

const DAY_MS = 86_400_000;

// Six-digit e-mail codes: drawn from a CSPRNG, stored only as a hash bound to the address and the
// purpose, valid 10 minutes, used once, void after 5 wrong tries.

function codeHash(email: string, purpose: CodePurpose, code: string): Buffer {
  return createHash("sha256").update(`${purpose}:${email}:${code}`).digest();
}

/** The answer to a code that cannot be used (none asked, expired, used, voided, or never usable). */
export function codeNoLongerValid(): AppError {
  const message = "This code is not valid any more. Ask for a new one.";
  return new AppError(400, message, [{ path: "code", message }]);
}

/**
 * Makes a new code for (email, purpose), enforcing the resend delay and the daily cap. These limits
 * apply to the address whether or not it has an account, so they reveal nothing.
 *
 * `usable: false` is for an address that cannot use a code for this purpose (an owner asking to
 * register, an address without an account asking for a reset): the row holds the same delay and
 * cap, but its hash is that of a random value no 6-digit code equals, so any code tried for it
 * answers exactly like a wrong one, and there is no code to mail or log.
 */
export async function issueCode(
  db: DbExecutor,
  email: string,
  purpose: CodePurpose,
  usable: boolean,
): Promise<{ id: string; code: string | null }> {
  const now = Date.now();
  const [latest] = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (latest) {
    const wait = Math.ceil((latest.createdAt.getTime() + CODE_RESEND_AFTER_S * 1000 - now) / 1000);
    if (wait > 0) throw AppError.tooManyRequests(`Please wait ${wait} seconds before asking for a new code.`, wait);
  }
  const [{ count, oldest } = { count: 0, oldest: null }] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${emailCodes.createdAt})` })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), gte(emailCodes.createdAt, new Date(now - DAY_MS))));
  if (count >= CODE_DAILY_CAP) {
    // The cap is over a sliding day: the next code can go out when the oldest one of it ages out.
    const freeAt = (oldest ? new Date(oldest).getTime() : now) + DAY_MS;
    throw AppError.tooManyRequests("Too many codes were sent to this address today. Please try again tomorrow.", (freeAt - now) / 1000);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const hashed = usable ? code : randomBytes(16).toString("hex");
  const [row] = await db
    .insert(emailCodes)
    .values({
      email,
      purpose,
      codeHash: codeHash(email, purpose, hashed).toString("hex"),
      expiresAt: new Date(now + CODE_TTL_MINUTES * 60_000),
    })
    .returning({ id: emailCodes.id });
  if (!row) throw new AppError(500);
  return { id: row.id, code: usable ? code : null };
}

/** Checks and uses up a code; a wrong one counts against the code, never against the account. */
export async function consumeCode(email: string, purpose: CodePurpose, code: string): Promise<void> {
  const db = await getDb();
  const [current] = await db
    .select()
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.email, email),
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.consumedAt),
        gt(emailCodes.expiresAt, new Date()),
        lt(emailCodes.failedAttempts, CODE_MAX_FAILED_ATTEMPTS),
      ),
    )
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  const invalid = codeNoLongerValid();
  if (!current) throw invalid;

  const matches = timingSafeEqual(Buffer.from(current.codeHash, "hex"), codeHash(email, purpose, code));
  if (!matches) {
    const [after] = await db
      .update(emailCodes)
      .set({ failedAttempts: sql`${emailCodes.failedAttempts} + 1` })
      .where(eq(emailCodes.id, current.id))
      .returning({ failedAttempts: emailCodes.failedAttempts });
    if ((after?.failedAttempts ?? CODE_MAX_FAILED_ATTEMPTS) >= CODE_MAX_FAILED_ATTEMPTS) throw invalid;
    const message = "The code is not correct. Check the e-mail and try again.";
    throw new AppError(400, message, [{ path: "code", message }]);
  }
  // Conditional on "not used yet", so two requests racing with the same code cannot both win.
  const used = await db
    .update(emailCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(emailCodes.id, current.id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  if (used.length === 0) throw invalid;
}
