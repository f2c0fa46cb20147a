import { scaleBand, scaleLinear } from "d3-scale";
import { line } from "d3-shape";

// Net revenue as bars (below the axis on a day refunds outweighed sales) and orders as a line on
// their own scale, drawn on the server as SVG: no script reaches the browser for it. The viewBox is
// narrow so its text stays readable when a phone scales it down; the figure never grows past 40rem.

export interface RevenuePoint {
  label: string;
  netCents: number;
  orders: number;
}

const WIDTH = 360;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 34, bottom: 28, left: 46 };

function compactUsd(cents: number): string {
  const dollars = cents / 100;
  const size = Math.abs(dollars);
  if (size >= 1_000_000) return `$${(dollars / 1_000_000).toFixed(1)}M`;
  if (size >= 1000) return `$${(dollars / 1000).toFixed(size >= 10_000 ? 0 : 1)}k`;
  return `$${Math.round(dollars)}`;
}

export function RevenueChart({ points, titleId }: { points: readonly RevenuePoint[]; titleId: string }) {
  const x = scaleBand<number>()
    .domain(points.map((_, index) => index))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2);
  const net = points.map((point) => point.netCents);
  const money = scaleLinear()
    .domain([Math.min(0, ...net), Math.max(0, ...net, 100)])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const count = scaleLinear()
    .domain([0, Math.max(1, ...points.map((point) => point.orders))])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const centre = (index: number) => (x(index) ?? 0) + x.bandwidth() / 2;
  const ordersPath =
    line<RevenuePoint>()
      .x((_, index) => centre(index))
      .y((point) => count(point.orders))(points) ?? "";
  const labelEvery = Math.max(1, Math.ceil(points.length / 6));
  const zero = money(0);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} className="h-auto w-full max-w-[40rem]">
      {money.ticks(4).map((tick) => (
        <g key={`money-${tick}`}>
          <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={money(tick)} y2={money(tick)} className="stroke-line" />
          <text x={MARGIN.left - 4} y={money(tick)} dy="0.32em" textAnchor="end" fontSize={10} className="fill-ink-soft">
            {compactUsd(tick)}
          </text>
        </g>
      ))}
      {count
        .ticks(4)
        .filter(Number.isInteger)
        .map((tick) => (
          <text key={`count-${tick}`} x={WIDTH - MARGIN.right + 4} y={count(tick)} dy="0.32em" fontSize={10} className="fill-leaf-700">
            {tick}
          </text>
        ))}
      {points.map((point, index) => (
        <rect
          key={index}
          x={x(index)}
          width={x.bandwidth()}
          y={Math.min(money(point.netCents), zero)}
          height={Math.max(point.netCents === 0 ? 0 : 1, Math.abs(money(point.netCents) - zero))}
          className={point.netCents < 0 ? "fill-ink-muted" : "fill-brand-600"}
        />
      ))}
      <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={zero} y2={zero} className="stroke-ink-soft" />
      <path d={ordersPath} fill="none" strokeWidth={2} className="stroke-leaf-700" />
      {points.map((point, index) => (
        <circle key={index} cx={centre(index)} cy={count(point.orders)} r={2.5} className="fill-leaf-700" />
      ))}
      {points.map((point, index) =>
        index % labelEvery === 0 ? (
          <text key={index} x={centre(index)} y={HEIGHT - MARGIN.bottom + 14} textAnchor="middle" fontSize={10} className="fill-ink-soft">
            {point.label}
          </text>
        ) : null,
      )}
    </svg>
  );
}
