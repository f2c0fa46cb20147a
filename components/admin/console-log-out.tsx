"use client";

import { useLogOut } from "@/lib/hooks/use-log-out";

/** The console's logout: the same as the shop menu's (ends the session, says so, goes home). */
export function ConsoleLogOut({ className }: { className: string }) {
  const logOut = useLogOut();
  return (
    <button type="button" onClick={() => void logOut()} className={className}>
      Logout
    </button>
  );
}
