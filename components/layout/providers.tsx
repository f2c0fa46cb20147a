"use client";

import { useEffect, type ReactNode } from "react";
import dynamic from "next/dynamic";
import { Provider as JotaiProvider, useAtomValue, useSetAtom } from "jotai";
import { readCookie } from "@/lib/browser-cookies";
import { useSessionHint } from "@/lib/session-hint";
import { appStore } from "@/lib/state/store";
import { isAppPlatformAtom, isMobileAtom, referralCodeAtom, tokenAtom } from "@/lib/state/atoms";
import { COOKIES, STORAGE_KEYS, UI } from "@/lib/config/store";
import { parseReferralCode } from "@/lib/referral";

// The API client, the data cache and the schemas load only for a browser that may be signed in.
const SessionSync = dynamic(() => import("./session-sync").then((module) => module.SessionSync), { ssr: false });

/** Mirrors what the middleware remembered (cookies) and the viewport into the global state. */
function BrowserSync() {
  const setReferral = useSetAtom(referralCodeAtom);
  const setApp = useSetAtom(isAppPlatformAtom);
  const setMobile = useSetAtom(isMobileAtom);
  const hint = useSessionHint();
  const token = useAtomValue(tokenAtom);
  const mayBeSignedIn = hint || token !== null;

  useEffect(() => {
    setReferral(parseReferralCode(readCookie(COOKIES.referral)));
    const fromCookie = readCookie(COOKIES.platform) === "app";
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

  return mayBeSignedIn ? <SessionSync /> : null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={appStore}>
      <BrowserSync />
      {children}
    </JotaiProvider>
  );
}
