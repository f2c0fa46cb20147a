import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ConsoleHeader } from "@/components/console/console-header";
import { QueryProvider } from "@/components/layout/query-provider";
import { Container } from "@/components/ui/page";
import { requireOperatorPage } from "@/lib/server/auth/operator";

export const metadata: Metadata = {
  title: { template: "%s · Operator console", default: "Operator console" },
  robots: { index: false, follow: false },
};

// The layout checks too, so nobody but an operator ever sees the console's navigation; each page
// still checks for itself, since a layout is not re-rendered on every navigation.
// data-console-frame hides the shop's chrome (app/shop.pcss). In CSS rather than by the path: a
// customer who opens /admin gets the shop's 404 page, which keeps the shop's chrome; and CSS applies
// to the server's HTML, so the chrome never flashes.
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const operator = await requireOperatorPage();
  return (
    <div data-console-frame="">
      <ConsoleHeader operatorEmail={operator.email} />
      <Container className="py-8 desk:py-12">
        <QueryProvider>{children}</QueryProvider>
      </Container>
    </div>
  );
}
