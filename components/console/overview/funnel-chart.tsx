import { scaleLinear } from "d3-scale";

// The funnel's steps as horizontal bars, each as long as its count, drawn on the server as SVG.

export interface FunnelStepBar {
  label: string;
  count: number;
}

const WIDTH = 360;
const ROW = 30;
const LABEL = 110;

export function FunnelChart({ steps, titleId }: { steps: readonly FunnelStepBar[]; titleId: string }) {
  const x = scaleLinear()
    .domain([0, Math.max(1, ...steps.map((step) => step.count))])
    .range([0, WIDTH - LABEL - 40]);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${steps.length * ROW + 8}`} role="img" aria-labelledby={titleId} className="h-auto w-full max-w-[40rem]">
      {steps.map((step, index) => (
        <g key={step.label} transform={`translate(0,${index * ROW + 4})`}>
          <text x={LABEL - 6} y={ROW / 2} dy="0.32em" textAnchor="end" fontSize={11} className="fill-ink">
            {step.label}
          </text>
          <rect
            x={LABEL}
            y={4}
            width={Math.max(step.count > 0 ? 2 : 0, x(step.count))}
            height={ROW - 8}
            rx={3}
            className="fill-brand-600"
          />
          <text x={LABEL + x(step.count) + 4} y={ROW / 2} dy="0.32em" fontSize={11} className="fill-ink">
            {step.count}
          </text>
        </g>
      ))}
    </svg>
  );
}
