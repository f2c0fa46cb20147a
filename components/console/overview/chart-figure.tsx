import type { ReactNode } from "react";

// A chart and its figures side by side: the picture to read at a glance, the table to read exactly,
// copy, or hear with a screen reader. Side by side on a desk, the table under the chart on a phone.

export function ChartFigure({
  id,
  title,
  intro,
  chart,
  legend,
  table,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  chart: ReactNode;
  legend?: ReactNode;
  table: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-xl border border-line bg-white p-4">
      <h3 id={`${id}-title`} className="text-base font-semibold text-ink">
        {title}
      </h3>
      {intro ? <p className="mt-1 text-sm text-ink-soft">{intro}</p> : null}
      <div className="mt-3 grid gap-4 desk:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] desk:items-start">
        <div>
          {chart}
          {legend ? <div className="mt-2 flex flex-wrap gap-4 text-sm text-ink-soft">{legend}</div> : null}
        </div>
        {table}
      </div>
    </section>
  );
}

/** A legend's entry; `swatch` is a Tailwind background class of the chart's colour. */
export function LegendEntry({ swatch, children }: { swatch: string; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ${swatch}`} />
      {children}
    </span>
  );
}

/**
 * A small table of figures in its own scroll region (focusable, named), with a caption. The region's
 * name says it is the table, so it differs from the chart's section, named by the same title.
 */
export function FigureTable({
  caption,
  columns,
  numericFrom = 1,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  /** Columns from this index on are numbers: right-aligned. */
  numericFrom?: number;
  rows: readonly (readonly ReactNode[])[];
}) {
  return (
    <div className="max-h-96 overflow-auto rounded-lg border border-line" tabIndex={0} role="region" aria-label={`${caption}: table`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-canvas text-ink-soft">
          <tr>
            {columns.map((column, index) => (
              <th key={column} scope="col" className={`px-3 py-2 font-semibold ${index >= numericFrom ? "text-right" : ""}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="px-3 py-1.5 font-normal text-ink">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className={`px-3 py-1.5 tabular-nums text-ink ${index >= numericFrom ? "text-right" : ""}`}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
