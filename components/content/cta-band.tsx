import type { ReactNode } from "react";
import { Container } from "@/components/ui/page";

/** The closing call to action of a page: a dark band with its own h2 and buttons. */
export function CtaBand({ id, title, children, actions }: { id: string; title: string; children?: ReactNode; actions: ReactNode }) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="bg-brand-900 text-white">
      <Container className="flex flex-col gap-8 py-14 desk:flex-row desk:items-center desk:justify-between desk:py-16">
        <div className="max-w-2xl">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight desk:text-3xl">
            {title}
          </h2>
          {children ? <div className="mt-3 text-base leading-relaxed text-brand-50 desk:text-lg">{children}</div> : null}
        </div>
        <div className="flex flex-wrap gap-3">{actions}</div>
      </Container>
    </section>
  );
}
