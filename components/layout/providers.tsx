"use client";

import { useEffect, useState, type ReactNode } from "react";
import { Provider as JotaiProvider, useSetAtom } from "jotai";
import { QueryClientProvider } from "@tanstack/react-query";
import { getCookie } from "cookies-next/client";
import { makeQueryClient } from "@/lib/api/query-client";
import { useSessionSync } from "@/lib/api/session";
import { useCartCountSync } from "@/lib/api/cart";
import { appStore } from "@/lib/state/store";
import { isAppPlatformAtom, isMobileAtom, referralCodeAtom } from "@/lib/state/atoms";
import { COOKIES, STORAGE_KEYS, UI } from "@/lib/config/store";
import { parseReferralCode } from "@/lib/referral";

/** Mirrors what the middleware remembered (cookies) and the viewport into the global state. */
function BrowserSync() {
  const setReferral = useSetAtom(referralCodeAtom);
  const setApp = useSetAtom(isAppPlatformAtom);
  const setMobile = useSetAtom(isMobileAtom);
  useSessionSync();
  useCartCountSync();

  useEffect(() => {
    setReferral(parseReferralCode(getCookie(COOKIES.referral)?.toString()));
    const fromCookie = getCookie(COOKIES.platform) === "app";
    let stored = false;
    try {
      if (fromCookie) window.localStorage.setItem(STORAGE_KEYS.platform, "app");
      stored = window.localStorage.getItem(STORAGE_KEYS.platform) === "app";
    } catch {
      // Storage can be disabled (private modes, some webviews); the cookie still tells.
    }
    setApp(fromCookie || stored);
  }, [setReferral, setApp]);

  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${UI.mobileBreakpoint - 0.02}px)`);
    const update = () => setMobile(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, [setMobile]);

  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={appStore}>
        <BrowserSync />
        {children}
      </JotaiProvider>
    </QueryClientProvider>
  );
}
