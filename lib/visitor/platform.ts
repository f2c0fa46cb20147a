import { COOKIES, PLATFORM_MAX_AGE_S, STORAGE_KEYS } from "@/lib/config/store";
import { readCookie, writeCookie } from "./browser-cookies";

/**
 * The app webview whose platform cookie is gone (cleared, or expired) but whose local storage still
 * remembers it: the page turns into the app variant and the cookie is set again, so the next page
 * is the app's from its first paint (lib/site/head-script.ts). Called once the page has started.
 */
export function restorePlatformFromStorage(): void {
  if (readCookie(COOKIES.platform) === "app") return;
  let remembered: string | null = null;
  try {
    remembered = window.localStorage.getItem(STORAGE_KEYS.platform);
  } catch {
    // Storage can be disabled: the cookie alone then remembers the app.
  }
  if (remembered !== "app") return;
  document.documentElement.dataset.platform = "app";
  writeCookie(COOKIES.platform, "app", PLATFORM_MAX_AGE_S);
}

/** Runs `task` when the browser is idle after the page has started (at most `timeoutMs` later). */
export function whenIdle(task: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 1);
  return () => window.clearTimeout(timer);
}
