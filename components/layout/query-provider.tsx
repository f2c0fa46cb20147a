"use client";

import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { sharedQueryClient } from "@/lib/api/query-client";

/** Gives the islands that use the data cache (account pages, payment, cart drawer…) the shared client. */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={sharedQueryClient()}>{children}</QueryClientProvider>;
}
