import { atom } from "jotai";

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
