"use client";

import { useCartCountSync } from "@/lib/api/cart";
import { useSessionSync } from "@/lib/api/session-sync";
import { QueryProvider } from "./query-provider";

function Sync() {
  useSessionSync();
  useCartCountSync();
  return null;
}

/**
 * Loaded only when the browser may hold a session (the hint cookie, or an app's token): visitors
 * never download the API client, the data cache or the schemas just to learn they are visitors.
 */
export function SessionSync() {
  return (
    <QueryProvider>
      <Sync />
    </QueryProvider>
  );
}
