import "server-only";
import { getDb } from "@/lib/db/client";
import { accountEmail } from "@/lib/server/reminders/opt-outs";
import { findUserById } from "./users";

/** What auth answers the domains below it: lib/server/wiring calls this once per process. */
export function subscribeAuth(): void {
  accountEmail.answerWith("auth", async (userId, db) => (await findUserById(db ?? (await getDb()), userId))?.email ?? null);
}
