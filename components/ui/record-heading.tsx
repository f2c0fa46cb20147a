import type { ReactNode } from "react";
import { formatOrderDateTime } from "@/lib/order-display";
import { ShopLink } from "./shop-link";

interface RecordHeadingProps {
  /** The customer's list the record belongs to, linked above the title. */
  back: { href: string; label: string };
  title: string;
  status: ReactNode;
  /** "Placed" or "Opened": what happened at `at`, an ISO timestamp. */
  verb: string;
  at: string;
}

/** The top of a customer's order or request page: back to the list, title and status, and when. */
export function RecordHeading({ back, title, status, verb, at }: RecordHeadingProps) {
  return (
    <>
      <ShopLink href={back.href} className="text-sm font-medium text-brand-700 underline">
        {back.label}
      </ShopLink>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
        {status}
      </div>
      <p className="mt-1 text-ink-muted">
        {verb} <time dateTime={at}>{formatOrderDateTime(at)}</time>
      </p>
    </>
  );
}
