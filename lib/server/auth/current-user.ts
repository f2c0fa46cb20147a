import "server-only";
import { cookies } from "next/headers";
import { COOKIES } from "@/lib/config/store";
import type { User } from "@/lib/schemas/user";
import { findSessionByToken } from "./session";
import { userView } from "./users";

/** For server-rendered protected pages: the signed-in customer from the Token cookie, or null. */
export async function currentUser(): Promise<User | null> {
  const store = await cookies();
  const session = await findSessionByToken(store.get(COOKIES.token)?.value);
  return session ? await userView(session.user) : null;
}
