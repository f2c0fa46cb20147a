import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { env } from "@/lib/config/env";
import { UNSUBSCRIBE_LINK_TTL_SECONDS, UNSUBSCRIBE_SIGN_PURPOSE, UNSUBSCRIBE_TOKEN_PARAM } from "@/lib/config/filter-shipments";
import { ROUTES } from "@/lib/config/routes";
import { getDb, type DbExecutor } from "@/lib/db/client";
import { MAIL_LISTS, mailOptOuts, type MailList } from "@/lib/db/schema";
import { domainQuestion } from "@/lib/server/events/registry";
import { signValue, verifySignedValue } from "@/lib/server/base/signed";
import { AppError } from "@/lib/server/base/errors";

// Reminder e-mails (a filter falling due, a care plan ending) are the shop's only non-transactional
// mail, and a customer can leave them: from a signed link in any reminder, without signing in, or
// from the account page, which also turns them back on. The link names the customer and the list,
// signed with AUTH_SECRET under a purpose of its own, so it cannot be forged, altered to name
// someone else, or passed off as another kind of link. Order and account e-mails ignore the choice.

export const REMINDER_MESSAGES = {
  invalidLink: "This unsubscribe link is not valid. Sign in and turn reminders off on your account page instead.",
} as const;

const tokenPayload = z.object({ u: z.uuid(), l: z.enum(MAIL_LISTS) });

/** The signed token of `userId`'s unsubscribe link for `list`. */
export function unsubscribeToken(userId: string, list: MailList = "reminders"): string {
  return signValue(UNSUBSCRIBE_SIGN_PURPOSE, { u: userId, l: list }, UNSUBSCRIBE_LINK_TTL_SECONDS);
}

/** Who and which list a token names, or null for a forged, altered, expired or malformed one. */
export function readUnsubscribeToken(token: string): { userId: string; list: MailList } | null {
  const payload = tokenPayload.safeParse(verifySignedValue(UNSUBSCRIBE_SIGN_PURPOSE, token));
  return payload.success ? { userId: payload.data.u, list: payload.data.l } : null;
}

export interface ReminderUnsubscribe {
  /** The page a reader opens from the e-mail: it asks before it unsubscribes. */
  url: string;
  /** The headers mail clients use for their own unsubscribe button (RFC 2369, RFC 8058 one-click). */
  headers: Record<string, string>;
}

/**
 * What every reminder e-mail carries for `userId`: the link for its footer and the List-Unsubscribe
 * headers (put them in the draft's `headers`). The one-click address is the API call a mail client
 * POSTs to; the page's button calls the same one.
 */
export function reminderUnsubscribe(userId: string): ReminderUnsubscribe {
  const query = new URLSearchParams({ [UNSUBSCRIBE_TOKEN_PARAM]: unsubscribeToken(userId, "reminders") }).toString();
  const url = new URL(`${ROUTES.unsubscribe}?${query}`, env.SITE_URL).toString();
  const oneClick = new URL(`/api/v1/c/reminders/unsubscribe?${query}`, env.SITE_URL).toString();
  return { url, headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}

/** Whether `userId` still takes reminder e-mails (read in the transaction that would queue one). */
export async function acceptsReminders(db: DbExecutor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: mailOptOuts.userId })
    .from(mailOptOuts)
    .where(and(eq(mailOptOuts.userId, userId), eq(mailOptOuts.list, "reminders")))
    .limit(1);
  return !row;
}

/**
 * The e-mail of an account, or null when there is none: auth, above this domain, answers
 * (auth/subscriptions.ts), so a link for a removed account is refused.
 */
export const accountEmail = domainQuestion<string, string | null>("account.email");

export interface UnsubscribePage {
  email: string;
  subscribed: boolean;
}

/** What the unsubscribe page shows for a token: whose address and whether it is still subscribed; null when the link is not valid. */
export async function describeUnsubscribe(token: string): Promise<UnsubscribePage | null> {
  const named = readUnsubscribeToken(token);
  if (!named) return null;
  const db = await getDb();
  const email = await accountEmail.ask(named.userId, db);
  if (email === null) return null;
  return { email, subscribed: await acceptsReminders(db, named.userId) };
}

/** The unsubscribe call (the page's button, or a mail client's one-click POST). Doing it twice is no error. */
export async function unsubscribeWithToken(token: string): Promise<{ subscribed: false }> {
  const named = readUnsubscribeToken(token);
  if (!named) throw new AppError(400, REMINDER_MESSAGES.invalidLink);
  const db = await getDb();
  if ((await accountEmail.ask(named.userId, db)) === null) throw new AppError(400, REMINDER_MESSAGES.invalidLink);
  await db.insert(mailOptOuts).values({ userId: named.userId, list: named.list }).onConflictDoNothing();
  return { subscribed: false };
}

/** The account page's switch: whether the signed-in customer takes reminder e-mails. */
export async function reminderSettings(userId: string): Promise<{ subscribed: boolean }> {
  return { subscribed: await acceptsReminders(await getDb(), userId) };
}

export async function setReminderSubscription(userId: string, subscribed: boolean): Promise<{ subscribed: boolean }> {
  const db = await getDb();
  if (subscribed) {
    await db.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, userId), eq(mailOptOuts.list, "reminders")));
  } else {
    await db.insert(mailOptOuts).values({ userId, list: "reminders" }).onConflictDoNothing();
  }
  return { subscribed };
}
