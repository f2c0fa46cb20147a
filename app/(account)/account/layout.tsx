import type { ReactNode } from "react";
import { QueryProvider } from "@/components/layout/query-provider";

// The account pages use the shared data cache (forms, orders, after-sale); browse pages do not
// load it, so it is provided here rather than around the whole site.
export default function AccountLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
