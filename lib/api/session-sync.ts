"use client";

import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { hasSessionAtom, isOperatorAtom, usernameAtom } from "@/lib/state/atoms";
import { profileResponseSchema } from "@/lib/schemas/user";
import { clearClientSession } from "@/lib/state/session";
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
    if (error instanceof ApiError && error.code === 401) {
      // Cleared here, not only in the effect below: clearing the hint unmounts this sync at once.
      clearClientSession();
    }
    throw error;
  }
}

/**
 * Asks the server who is signed in (the Token cookie is HttpOnly, so the browser cannot tell)
 * and mirrors the answer into the global session atoms.
 */
export function useSessionSync() {
  const setHasSession = useSetAtom(hasSessionAtom);
  const setUsername = useSetAtom(usernameAtom);
  const setOperator = useSetAtom(isOperatorAtom);
  const query = useQuery({ queryKey: profileQueryKey, queryFn: fetchProfile });
  useEffect(() => {
    if (query.isSuccess) {
      setHasSession(true);
      setUsername(query.data.username ?? query.data.email);
      setOperator(query.data.isAdmin === true);
    } else if (query.isError) {
      setHasSession(false);
      setUsername(null);
      setOperator(false);
    }
  }, [query.isSuccess, query.isError, query.data, setHasSession, setUsername, setOperator]);
}
