"use client";

import { Suspense, lazy, useEffect, type ReactNode } from "react";
import { Provider as JotaiProvider, useSetAtom } from "jotai";
import { readCookie } from "@/lib/visitor/browser-cookies";
import { useSessionHint } from "@/lib/visitor/session-hint";
import { appStore } from "@/lib/state/store";
import { referralCodeAtom } from "@/lib/state/atoms";
import { COOKIES } from "@/lib/config/store";
import { parseReferralCode } from "@/lib/visitor/referral";
import { restorePlatformFromStorage, whenIdle } from "@/lib/visitor/platform";

// The API client, the data cache and the schemas load only for a browser that may be signed in.
// Rendered only in the browser (the server never has the hint), so React.lazy needs no ssr option;
// and without next/dynamic anywhere in the layout, its code stays out of every page's first load.
const SessionSync = lazy(() => import("./session-sync").then((module) => ({ default: module.SessionSync })));

/**
 * Mirrors the referral code the middleware remembered into the global state, loads the session
 * sync for a browser that may be signed in, and, once the page is idle, gives an app webview that
 * lost its platform cookie the app variant back from local storage (lib/visitor/platform.ts).
 */
function BrowserSync() {
  const setReferral = useSetAtom(referralCodeAtom);
  const mayBeSignedIn = useSessionHint();

  useEffect(() => {
    setReferral(parseReferralCode(readCookie(COOKIES.referral)));
  }, [setReferral]);
  useEffect(() => whenIdle(restorePlatformFromStorage), []);

  return mayBeSignedIn ? (
    <Suspense fallback={null}>
      <SessionSync />
    </Suspense>
  ) : null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={appStore}>
      <BrowserSync />
      {children}
    </JotaiProvider>
  );
}
