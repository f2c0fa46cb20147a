"use client";

import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { hasSessionAtom, isOperatorAtom, memberUntilAtom, usernameAtom } from "@/lib/state/atoms";
import { profileResponseSchema } from "@/lib/schemas/user";
import { callApi } from "./client";

export const profileQueryKey = ["user", "profile"] as const;

// 401 simply means "not signed in" here: the client clears the session (and so the hint left by an
// ended one, which unmounts this sync at once) and the page stays where it is.
async function fetchProfile() {
  const answer = await callApi("get", "user/profile", profileResponseSchema);
  return answer.user;
}

/**
 * Asks the server who is signed in (the Token cookie is HttpOnly, so the browser cannot tell)
 * and mirrors the answer into the global session atoms.
 */
export function useSessionSync() {
  const setHasSession = useSetAtom(hasSessionAtom);
  const setUsername = useSetAtom(usernameAtom);
  const setOperator = useSetAtom(isOperatorAtom);
  const setMemberUntil = useSetAtom(memberUntilAtom);
  const query = useQuery({ queryKey: profileQueryKey, queryFn: fetchProfile });
  useEffect(() => {
    if (query.isSuccess) {
      setHasSession(true);
      setUsername(query.data.username ?? query.data.email);
      setOperator(query.data.isAdmin === true);
      const membership = query.data.membership;
      setMemberUntil(membership?.status === "active" ? membership.endsAt : null);
    } else if (query.isError) {
      setHasSession(false);
      setUsername(null);
      setOperator(false);
      setMemberUntil(null);
    }
  }, [query.isSuccess, query.isError, query.data, setHasSession, setUsername, setOperator, setMemberUntil]);
}
