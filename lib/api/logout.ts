import { clearClientSession } from "@/lib/state/session";
import { callApi } from "./client";

/**
 * Ends the session on the server and in this browser. Loaded on the click, so the top bar (on every
 * page) carries neither the API client nor the session's clearing.
 */
export async function logOut(): Promise<void> {
  try {
    await callApi("post", "ulogin/logout", { json: {}, blocking: true, allowAnonymous: true, quiet: true });
  } catch (error) {
    // The session may already be gone on the server; the browser forgets it either way.
    console.error("Logout call failed:", error);
  }
  clearClientSession();
}
