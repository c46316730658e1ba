import { ChartTable, type BarDatum } from './chart-table';

/** Horizontal bars, one row per datum; `max` fixes the scale (e.g. 100 for percentages). */
export function HorizontalBarChart({
  title,
  data,
  max,
  unit = '',
  width = 560,
  color = '#1f5f8b',
  ticks,
  testId,
  hideCaption = false,
}: {
  title: string;
  data: BarDatum[];
  max?: number;
  unit?: string;
  width?: number;
  color?: string;
  /** Values with a vertical guide line and a label under the bars (e.g. 0, 50, 100). */
  ticks?: number[];
  testId?: string;
  /** The caption stays for screen readers only (the page already titles the chart). */
  hideCaption?: boolean;
}) {
  const display = (d: BarDatum) => d.display ?? `${d.value}${unit}`;
  const top = Math.max(max ?? 0, ...data.map((d) => d.value), 1);
  const longest = Math.max(...data.map((d) => display(d).length), 3);
  const valueWidth = Math.max(70, longest * 9 + 12);
  return (
    <figure className="chart-figure">
      <figcaption className={hideCaption ? 'visually-hidden' : undefined}>{title}</figcaption>
      {/* Two drawings of the same bars: label beside the bar for screens and paper, label above the bar for phones
          (scaled down, the wide one's text would shrink to a few pixels). CSS shows one. */}
      <BarsSvg
        className="chart-fixed chart-wide"
        data={data}
        top={top}
        display={display}
        color={color}
        ticks={ticks}
        testId={testId}
        width={width}
        labelWidth={120}
        valueWidth={valueWidth}
        stacked={false}
      />
      <BarsSvg
        className="chart-fixed chart-narrow"
        data={data}
        top={top}
        display={display}
        color={color}
        ticks={ticks}
        width={340}
        labelWidth={0}
        valueWidth={valueWidth}
        stacked
      />
      <ChartTable title={title} data={data} format={display} />
    </figure>
  );
}

function BarsSvg({
  className,
  data,
  top,
  display,
  color,
  ticks,
  testId,
  width,
  labelWidth,
  valueWidth,
  stacked,
}: {
  className: string;
  data: BarDatum[];
  top: number;
  display: (d: BarDatum) => string;
  color: string;
  ticks?: number[];
  testId?: string;
  width: number;
  labelWidth: number;
  valueWidth: number;
  /** The label on its own line above the bar. */
  stacked: boolean;
}) {
  const row = stacked ? 44 : 30;
  const barTop = stacked ? 20 : 4;
  const barArea = width - labelWidth - valueWidth;
  const height = data.length * row + 10 + (ticks ? 18 : 0);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width={width} className={className} aria-hidden="true" focusable="false" data-testid={testId}>
      {ticks?.map((t) => {
        const x = labelWidth + (t / top) * barArea;
        return (
          <g key={t}>
            <line x1={x} x2={x} y1={0} y2={data.length * row + 5} stroke="#d5dde6" />
            <text x={x} y={data.length * row + 22} fontSize="12" textAnchor="middle" fill="#5b6b7c">
              {t}
            </text>
          </g>
        );
      })}
      {data.map((d, i) => {
        const y = i * row + 5;
        const w = Math.max(d.value > 0 ? 2 : 0, (d.value / top) * barArea);
        return (
          <g key={d.label}>
            <text
              x={stacked ? 0 : labelWidth - 8}
              y={stacked ? y + 13 : y + 18}
              textAnchor={stacked ? 'start' : 'end'}
              fontSize="13"
              fill="#1d2733"
            >
              {d.label}
            </text>
            <rect x={labelWidth} y={y + barTop} width={barArea} height={18} rx="4" fill="#eef2f6" />
            <rect x={labelWidth} y={y + barTop} width={w} height={18} rx="4" fill={d.color ?? color} />
            <text x={labelWidth + barArea + 8} y={y + barTop + 14} fontSize="13" fill="#4b5866">
              {display(d)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
