import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AdminNav } from "@/components/admin/admin-nav";
import { QueryProvider } from "@/components/layout/query-provider";
import { Container } from "@/components/ui/page";
import { requireOperatorPage } from "@/lib/server/auth/operator";

export const metadata: Metadata = {
  title: { template: "%s · Operator console", default: "Operator console" },
  robots: { index: false, follow: false },
};

// The layout checks too, so nobody but an operator ever sees the console's navigation; each page
// still checks for itself, since a layout is not re-rendered on every navigation.
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const operator = await requireOperatorPage();
  return (
    <Container className="py-8 desk:py-12">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4 border-b border-line pb-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">Operator console</p>
          <p className="text-sm text-ink-muted">Signed in as {operator.email}</p>
        </div>
        <AdminNav />
      </div>
      <QueryProvider>{children}</QueryProvider>
    </Container>
  );
}
