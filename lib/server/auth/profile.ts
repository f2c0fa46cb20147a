import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { SaveProfileBody } from "@/lib/schemas/auth";
import { AppError } from "@/lib/server/base/errors";
import { assertPasswordAcceptable, hashPassword, verifyPassword } from "./password";
import { revokeOtherSessions, type AuthContext } from "./session";
import { userView } from "./users";

/** Saves the signed-in customer's details; a password change ends every other session. */
export async function saveProfile(auth: AuthContext, input: SaveProfileBody) {
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.username !== undefined) changes.username = input.username;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.defaultAddress !== undefined) changes.defaultAddress = input.defaultAddress;

  if (input.newPassword) {
    if (!(await verifyPassword(auth.user.passwordHash, input.currentPassword ?? "", "vouched"))) {
      const message = "The current password is not correct.";
      throw new AppError(422, `currentPassword: ${message}`, [{ path: "currentPassword", message }]);
    }
    assertPasswordAcceptable(input.newPassword, "newPassword");
    changes.passwordHash = await hashPassword(input.newPassword);
  }

  const db = await getDb();
  const [row] = await db.update(users).set(changes).where(eq(users.id, auth.user.id)).returning();
  if (!row) throw new AppError(401);
  if (input.newPassword) await revokeOtherSessions(row.id, auth.sessionId);
  return { user: await userView(row) };
}
