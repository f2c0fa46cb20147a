import { atom } from "jotai";
import { COOKIES, KEPT_NOTICES_MAX_AGE_S, STORAGE_KEYS } from "@/lib/config/store";
import { readCookie, writeCookie } from "@/lib/visitor/browser-cookies";

// Alerts (a stack under the top bar) and toasts (top centre); both hide themselves.

export type NoticeTone = "success" | "error" | "info";

export interface Notice {
  id: number;
  tone: NoticeTone;
  message: string;
}

export const alertsAtom = atom<Notice[]>([]);
export const toastsAtom = atom<Notice[]>([]);

let nextId = 1;

function pushAtom(target: typeof alertsAtom) {
  return atom(null, (get, set, notice: { tone?: NoticeTone; message: string }) => {
    const entry: Notice = { id: nextId++, tone: notice.tone ?? "info", message: notice.message };
    set(target, [...get(target), entry]);
    return entry.id;
  });
}

function dismissAtom(target: typeof alertsAtom) {
  return atom(null, (get, set, id: number) => {
    set(
      target,
      get(target).filter((notice) => notice.id !== id),
    );
  });
}

export const showAlertAtom = pushAtom(alertsAtom);
export const dismissAlertAtom = dismissAtom(alertsAtom);
export const showToastAtom = pushAtom(toastsAtom);
export const dismissToastAtom = dismissAtom(toastsAtom);

type KeptAlert = { tone: NoticeTone; message: string };
type KeptToast = KeptAlert;

// The first touch of a page's session storage is a synchronous trip to the browser's storage,
// tens of milliseconds on a phone while the page starts. A cookie marks the rare page load that
// has something waiting, and every other page leaves the storage alone.

function markKept(): void {
  writeCookie(COOKIES.keptNotices, "1", KEPT_NOTICES_MAX_AGE_S);
}

function anythingKept(): boolean {
  return readCookie(COOKIES.keptNotices) !== undefined;
}

/** After one kind was taken: the marker goes once neither kind waits any more. */
function unmarkIfEmpty(storage: Storage): void {
  if (storage.getItem(STORAGE_KEYS.keptAlert) === null && storage.getItem(STORAGE_KEYS.keptToasts) === null)
    writeCookie(COOKIES.keptNotices, "", 0);
}

/**
 * Keeps an alert for the next page when the current one is about to be left with a full load
 * (the 401 path uses window.location, which resets the in-memory atoms).
 */
export function keepAlertForNextPage(alert: KeptAlert): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEYS.keptAlert, JSON.stringify(alert));
    markKept();
  } catch {
    // Storage can be disabled; the alert then shows only on the page being left.
  }
}

function noticeOf(value: unknown): KeptAlert | null {
  if (typeof value !== "object" || value === null) return null;
  const { tone, message } = value as Record<string, unknown>;
  if (typeof message !== "string" || !["success", "error", "info"].includes(String(tone))) return null;
  return { tone: tone as NoticeTone, message };
}

/** The alert kept by the previous page, once. */
export function takeKeptAlert(): KeptAlert | null {
  if (!anythingKept()) return null;
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEYS.keptAlert);
    window.sessionStorage.removeItem(STORAGE_KEYS.keptAlert);
    unmarkIfEmpty(window.sessionStorage);
    if (!raw) return null;
    return noticeOf(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Toasts for the next page, after those already kept (signing in leaves with a full page load). */
export function keepToastsForNextPage(toasts: readonly KeptToast[]): void {
  if (toasts.length === 0) return;
  try {
    const kept = [...takeKeptToasts(), ...toasts];
    window.sessionStorage.setItem(STORAGE_KEYS.keptToasts, JSON.stringify(kept));
    markKept();
  } catch {
    // Storage can be disabled; the toasts are then not shown.
  }
}

/** The toasts kept by the previous page, once. */
export function takeKeptToasts(): KeptToast[] {
  if (!anythingKept()) return [];
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEYS.keptToasts);
    window.sessionStorage.removeItem(STORAGE_KEYS.keptToasts);
    unmarkIfEmpty(window.sessionStorage);
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value) ? value.map(noticeOf).filter((toast): toast is KeptToast => toast !== null) : [];
  } catch {
    return [];
  }
}
