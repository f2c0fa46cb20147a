"use client";

import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useAtomValue, useSetAtom } from "jotai";
import { hasSessionAtom, usernameAtom } from "@/lib/state/atoms";
import { profileResponseSchema } from "@/lib/schemas/user";
import { clearSessionHint, useSessionHint } from "@/lib/session-hint";
import { callApi } from "./client";
import { ApiError } from "./envelope";

export const profileQueryKey = ["user", "profile"] as const;

async function fetchProfile() {
  // 401 simply means "not signed in" here; the page stays where it is, and a hint left by an
  // ended session goes.
  try {
    const data = await callApi<unknown>("get", "user/profile", { quiet: true, allowAnonymous: true });
    return profileResponseSchema.parse(data).user;
  } catch (error) {
    if (error instanceof ApiError && error.code === 401) clearSessionHint();
    throw error;
  }
}

/**
 * Whether the shell shows the signed-in menu and cart: the server's answer once it came; until
 * then (and if it failed for another reason than 401) the hint cookie set at login.
 */
export function useSignedIn(): boolean {
  const confirmed = useAtomValue(hasSessionAtom);
  const hint = useSessionHint();
  return confirmed || hint;
}

/** Whether the signed-in user is an operator (from the same profile answer the shell already asks for). */
export function useIsOperator(): boolean {
  const query = useQuery({ queryKey: profileQueryKey, queryFn: fetchProfile, select: (user) => user.isAdmin === true });
  return query.data === true;
}

/**
 * Asks the server who is signed in (the Token cookie is HttpOnly, so the browser cannot tell)
 * and mirrors the answer into the global session atoms.
 */
export function useSessionSync() {
  const setHasSession = useSetAtom(hasSessionAtom);
  const setUsername = useSetAtom(usernameAtom);
  const query = useQuery({ queryKey: profileQueryKey, queryFn: fetchProfile });

  useEffect(() => {
    if (query.isSuccess) {
      setHasSession(true);
      setUsername(query.data.username ?? query.data.email);
    } else if (query.isError) {
      setHasSession(false);
      setUsername(null);
    }
  }, [query.isSuccess, query.isError, query.data, setHasSession, setUsername]);
}
