"use client";

import { useCallback } from "react";
import { useRouter } from "next/navigation";
import { useAtomValue, useSetAtom } from "jotai";
import { ROUTES } from "@/lib/config/routes";
import { withReferral } from "@/lib/referral";
import { referralCodeAtom } from "@/lib/state/atoms";
import { showAlertAtom } from "@/lib/state/notices";

/** The spec's wording for a finished logout, wherever it starts (the shop's menu, the console). */
export const LOGGED_OUT_MESSAGE = "Logout Successfully";

/**
 * Ends the session, says so and goes home. The API client is loaded on the click, so the pages
 * that offer a logout (every page, through the top bar) do not carry it.
 */
export function useLogOut(): () => Promise<void> {
  const showAlert = useSetAtom(showAlertAtom);
  const router = useRouter();
  const code = useAtomValue(referralCodeAtom);
  return useCallback(async () => {
    const { logOut } = await import("@/lib/api/logout");
    await logOut();
    showAlert({ tone: "success", message: LOGGED_OUT_MESSAGE });
    router.push(withReferral(ROUTES.home, code));
  }, [showAlert, router, code]);
}
