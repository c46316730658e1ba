import { ChartTable, type BarDatum } from './chart-table';
import { formatKoreanDate } from '~/lib/dates';

/** A step line of values on a fixed scale (the reading level L1–L10 over time). */
export function LineChart({
  title,
  data,
  min,
  max,
  format = (v: number) => String(v),
  width = 640,
  height = 240,
  color = '#1f5f8b',
}: {
  title: string;
  data: BarDatum[];
  min: number;
  max: number;
  format?: (v: number) => string;
  width?: number;
  height?: number;
  color?: string;
}) {
  const pad = { left: 44, right: 20, top: 14, bottom: 30 };
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const x = (i: number) => pad.left + (data.length <= 1 ? plotW / 2 : (i / (data.length - 1)) * plotW);
  const y = (v: number) => pad.top + plotH - ((v - min) / Math.max(max - min, 1)) * plotH;
  // Every level has its line and label (L1 … L10: skipping odd ones hid L3).
  const ticks = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  const path = data.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d.value).toFixed(1)}`).join(' ');
  return (
    <figure className="chart-figure">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" aria-hidden="true" focusable="false">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} stroke="#e3e8ee" />
            <text x={pad.left - 8} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#6b7785">
              {format(t)}
            </text>
          </g>
        ))}
        {data.length > 1 ? <path d={path} fill="none" stroke={color} strokeWidth="3" strokeLinejoin="round" /> : null}
        {data.map((d, i) => (
          <g key={`${d.label}-${i}`}>
            <circle cx={x(i)} cy={y(d.value)} r="5" fill="#fff" stroke={color} strokeWidth="3" />
            <text
              x={x(i)}
              y={height - 10}
              // The first and last labels keep inside the chart (the last one was cut off, in print too).
              textAnchor={data.length > 1 && i === 0 ? 'start' : data.length > 1 && i === data.length - 1 ? 'end' : 'middle'}
              fontSize="11"
              fill="#6b7785"
            >
              {d.label}
            </text>
          </g>
        ))}
      </svg>
      <ChartTable title={title} data={data} format={(d) => d.display ?? format(d.value)} />
    </figure>
  );
}

/** The course tests' levels over time (L1–L10), one point per test. */
export function LevelChart({
  points,
  width,
  height,
}: {
  points: readonly { date: string; level: number }[];
  width?: number;
  height?: number;
}) {
  return (
    <LineChart
      title="수준 진단 결과(L1–L10)"
      min={1}
      max={10}
      width={width}
      height={height}
      format={(v) => `L${v}`}
      data={points.map((p) => ({
        label: p.date.slice(2).replaceAll('-', '.'),
        value: p.level,
        display: `${formatKoreanDate(p.date)} L${p.level}`,
      }))}
    />
  );
}
