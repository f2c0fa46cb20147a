import { scaleBand, scaleLinear } from "d3-scale";

// Filter shipments due per week, one bar per cartridge in each week, drawn on the server as SVG.

export interface DemandSeries {
  label: string;
  weekly: readonly number[];
}

/** Bar colours in the order of the series (tailwind.config.ts; each at least 3:1 on white). */
export const DEMAND_FILLS = ["fill-brand-600", "fill-leaf-700", "fill-ink-soft", "fill-brand-900"] as const;
export const DEMAND_SWATCHES = ["bg-brand-600", "bg-leaf-700", "bg-ink-soft", "bg-brand-900"] as const;

const WIDTH = 360;
const HEIGHT = 200;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 30 };

export function DemandChart({
  series,
  weekLabels,
  titleId,
}: {
  series: readonly DemandSeries[];
  weekLabels: readonly string[];
  titleId: string;
}) {
  const weeks = scaleBand<number>()
    .domain(weekLabels.map((_, index) => index))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2);
  const inWeek = scaleBand<number>()
    .domain(series.map((_, index) => index))
    .range([0, weeks.bandwidth()])
    .padding(0.05);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...series.flatMap((one) => one.weekly))])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} className="h-auto w-full max-w-[40rem]">
      {y
        .ticks(4)
        .filter(Number.isInteger)
        .map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} className="stroke-line" />
            <text x={MARGIN.left - 4} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={10} className="fill-ink-soft">
              {tick}
            </text>
          </g>
        ))}
      {weekLabels.map((label, week) => (
        <g key={label} transform={`translate(${weeks(week) ?? 0},0)`}>
          {series.map((one, index) => {
            const value = one.weekly[week] ?? 0;
            return (
              <rect
                key={one.label}
                x={inWeek(index)}
                width={inWeek.bandwidth()}
                y={y(value)}
                height={y(0) - y(value)}
                className={DEMAND_FILLS[index % DEMAND_FILLS.length]}
              />
            );
          })}
          {week % 2 === 0 ? (
            <text x={weeks.bandwidth() / 2} y={HEIGHT - MARGIN.bottom + 14} textAnchor="middle" fontSize={10} className="fill-ink-soft">
              {label}
            </text>
          ) : null}
        </g>
      ))}
      <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(0)} y2={y(0)} className="stroke-ink-soft" />
    </svg>
  );
}
