import type { ReactNode } from "react";
import { ShopLink } from "./shop-link";
import { TAP_TARGET } from "@/components/ui/tap-target";

interface RecordHeadingProps {
  /** The list the record belongs to, linked above the title. */
  back: { href: string; label: string };
  title: string;
  /** The heading's id, when the page's article is labelled by it. */
  titleId?: string;
  status: ReactNode;
  /** The record's one line of facts under the title. */
  children: ReactNode;
  /** The operator's console: a smaller title, and facts (ids, e-mails) that may break anywhere. */
  dense?: boolean;
}

/** The top of an order's or an after-sale request's page: back to its list, title and status, the facts. */
export function RecordHeading({ back, title, titleId, status, children, dense = false }: RecordHeadingProps) {
  return (
    <div>
      <ShopLink href={back.href} className={`${TAP_TARGET} text-sm font-medium text-brand-700 underline`}>
        {back.label}
      </ShopLink>
      <div className={`${dense ? "mt-2" : "mt-3"} flex flex-wrap items-center gap-3`}>
        <h1 id={titleId} className={`font-bold text-ink ${dense ? "text-2xl" : "text-3xl tracking-tight"}`}>
          {title}
        </h1>
        {status}
      </div>
      <p className={`mt-1 text-ink-muted ${dense ? "break-all text-sm" : ""}`}>{children}</p>
    </div>
  );
}
