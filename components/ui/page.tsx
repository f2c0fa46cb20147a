import { Image } from "@/components/ui/image";
import type { ReactNode } from "react";

// Building blocks of the browse pages, so every page shares one rhythm of widths and headings.

export function Container({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-page px-4 desk:px-6 ${className}`}>{children}</div>;
}

interface SectionProps {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  tone?: "plain" | "tinted";
}

/** A page section with its own h2; `tinted` sets it on the light brand background. */
export function Section({ id, eyebrow, title, intro, children, tone = "plain" }: SectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={tone === "tinted" ? "bg-canvas" : undefined}>
      <Container className="py-14 desk:py-20">
        <div className="max-w-3xl">
          {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">{eyebrow}</p> : null}
          <h2 id={headingId} className="mt-2 text-2xl font-bold tracking-tight text-ink desk:text-3xl">
            {title}
          </h2>
          {intro ? <div className="mt-4 text-base leading-relaxed text-ink-soft desk:text-lg">{intro}</div> : null}
        </div>
        {children ? <div className="mt-10">{children}</div> : null}
      </Container>
    </section>
  );
}

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  intro: ReactNode;
  /** The hero picture, the page's LCP: `src` may be a data: address (lib/site/inline-picture.ts, called by the page). */
  image?: { src: string; alt: string; width: number; height: number };
  actions?: ReactNode;
}

/** The top of a browse page: the h1, a short promise, actions and an illustration. */
export function PageHero({ eyebrow, title, intro, image, actions }: PageHeroProps) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <Container className="grid items-center gap-10 py-12 desk:grid-cols-2 desk:py-20">
        <div>
          {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">{eyebrow}</p> : null}
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink desk:text-5xl">{title}</h1>
          <div className="mt-5 text-lg leading-relaxed text-ink-soft">{intro}</div>
          {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
        </div>
        {image ? (
          <Image
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            priority
            className="mx-auto h-auto w-full max-w-xl"
          />
        ) : null}
      </Container>
    </section>
  );
}

/** A grid of small cards: a title and a paragraph each. */
export function FeatureGrid({ items, columns = 3 }: { items: readonly { title: string; body: ReactNode }[]; columns?: 2 | 3 | 4 }) {
  const cols = { 2: "desk:grid-cols-2", 3: "desk:grid-cols-3", 4: "desk:grid-cols-4" }[columns];
  return (
    <ul className={`grid gap-5 sm:grid-cols-2 ${cols}`}>
      {items.map((item) => (
        <li key={item.title} className="rounded-2xl border border-line bg-white p-6 shadow-card">
          <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
          <div className="mt-2 text-[15px] leading-relaxed text-ink-soft">{item.body}</div>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps (how it works, how to start a request). */
export function Steps({ items }: { items: readonly { title: string; body: ReactNode }[] }) {
  return (
    <ol className="grid gap-5 desk:grid-cols-3">
      {items.map((item, index) => (
        <li key={item.title} className="flex gap-4 rounded-2xl bg-white p-6 shadow-card">
          <span
            aria-hidden="true"
            className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 font-semibold text-white"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
            <div className="mt-1 text-[15px] leading-relaxed text-ink-soft">{item.body}</div>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A two-column table of label/value rows (specifications, plan details). */
export function SpecTable({ caption, rows }: { caption: string; rows: readonly { label: string; value: ReactNode }[] }) {
  return (
    <table className="w-full overflow-hidden rounded-2xl border border-line text-left text-[15px]">
      <caption className="sr-only">{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="border-b border-line last:border-b-0 odd:bg-canvas">
            <th scope="row" className="w-2/5 px-4 py-3 font-medium text-ink">
              {row.label}
            </th>
            <td className="px-4 py-3 text-ink-soft">{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Prose block for policy-style text. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="max-w-3xl space-y-4 text-[15px] leading-relaxed text-ink-soft [&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink [&_li]:ml-5 [&_li]:list-disc [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline">
      {children}
    </div>
  );
}

/** A table with column headings; the first cell of each row is that row's heading. */
export function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) {
  return (
    <table className="w-full overflow-hidden rounded-2xl border border-line bg-white text-left text-[15px]">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-brand-50 text-ink">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className="px-4 py-3 font-semibold">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="text-ink-soft">
        {rows.map(([head, ...cells], index) => (
          <tr key={index} className="border-t border-line">
            <th scope="row" className="px-4 py-3 font-medium text-ink">
              {head}
            </th>
            {cells.map((cell, cellIndex) => (
              <td key={cellIndex} className="px-4 py-3">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
