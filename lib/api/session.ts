"use client";

import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { hasSessionAtom, usernameAtom } from "@/lib/state/atoms";
import { profileResponseSchema } from "@/lib/schemas/user";
import { callApi } from "./client";

export const profileQueryKey = ["user", "profile"] as const;

async function fetchProfile() {
  // 401 simply means "not signed in" here; the page stays where it is.
  const data = await callApi<unknown>("get", "user/profile", { quiet: true, allowAnonymous: true });
  return profileResponseSchema.parse(data).user;
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
