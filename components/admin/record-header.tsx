import Link from "next/link";
import type { ReactNode } from "react";

interface RecordHeaderProps {
  /** The list the record belongs to, linked above the title. */
  back: { href: string; label: string };
  /** The heading's id, which the page's article is labelled by. */
  titleId: string;
  title: string;
  status: ReactNode;
  /** The record's one line of facts under the title. */
  children: ReactNode;
}

/** The top of an operator's record page: back to its list, the title with its status, the facts. */
export function RecordHeader({ back, titleId, title, status, children }: RecordHeaderProps) {
  return (
    <div>
      <Link href={back.href} className="text-sm text-brand-700 underline">
        {back.label}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 id={titleId} className="text-2xl font-bold text-ink">
          {title}
        </h1>
        {status}
      </div>
      <p className="mt-1 break-all text-sm text-ink-muted">{children}</p>
    </div>
  );
}
