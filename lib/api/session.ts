"use client";

import { useAtomValue } from "jotai";
import { hasSessionAtom, isMemberAtom, isOperatorAtom, memberUntilAtom } from "@/lib/state/atoms";
import { useSessionHint } from "@/lib/visitor/session-hint";

// What the shell needs to know about the session, from the global state alone: these hooks load no
// API client, so every page can use them. lib/api/session-sync.ts asks the server and fills it in.

/**
 * Whether the shell shows the signed-in menu and cart: the server's answer once it came; until
 * then (and if it failed for another reason than 401) the hint cookie set at login.
 */
export function useSignedIn(): boolean {
  const confirmed = useAtomValue(hasSessionAtom);
  const hint = useSessionHint();
  return confirmed || hint;
}

/** Whether the signed-in user is an operator (from the profile answer the session sync asked for). */
export function useIsOperator(): boolean {
  return useAtomValue(isOperatorAtom);
}

/** Whether the signed-in customer's membership runs now (from the profile answer): pages show member prices as theirs. */
export function useIsMember(): boolean {
  return useAtomValue(isMemberAtom);
}

/** Until when the signed-in customer's active membership runs (ISO), or null: one-per-customer plans are then not offered. */
export function useMemberUntil(): string | null {
  return useAtomValue(memberUntilAtom);
}
