import { Image } from "@/components/ui/image";
import type { ReactNode } from "react";
import { Container } from "./page";

/** The one layout behind the 404 page and every error boundary. */
export function ErrorState({
  image,
  title,
  message,
  actions,
  search,
}: {
  image: "not-found" | "error";
  title: string;
  message: ReactNode;
  actions: ReactNode;
  /** The site search field, between the message and the ways back (the 404 page). */
  search?: ReactNode;
}) {
  return (
    <Container className="flex flex-col items-center py-16 text-center desk:py-24">
      {/* Not priority: the 404 boundary is serialised into every page's payload, and a priority
          image there would be preloaded, at high priority, by every page of the shop. */}
      <Image src={`/images/${image}.svg`} alt="" width={480} height={320} className="h-auto w-72" />
      <h1 className="mt-8 text-3xl font-bold tracking-tight text-ink">{title}</h1>
      <div className="mt-3 max-w-lg text-ink-soft">{message}</div>
      {search ? <div className="mt-8 w-full">{search}</div> : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
    </Container>
  );
}
