import { signedOutResponseSchema } from "@/lib/schemas/user";
import { clearClientSession } from "@/lib/state/session";
import { callApi } from "./client";

/**
 * Ends the session on the server and in this browser. Loaded on the click, so the top bar (on every
 * page) carries neither the API client nor the schema.
 */
export async function logOut(): Promise<void> {
  try {
    await callApi("post", "ulogin/logout", signedOutResponseSchema, { json: {}, blocking: true });
  } catch (error) {
    // The session may already be gone on the server; the browser forgets it either way.
    console.error("Logout call failed:", error);
  }
  clearClientSession();
}
