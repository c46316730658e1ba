// Server-rendered SVG charts: readable without JavaScript, printable, with a text equivalent for screen readers.

export type BarDatum = { label: string; value: number; display?: string; color?: string };

/** The chart's numbers as a table for screen readers (the SVG itself is hidden from them). */
function ChartTable({ title, data, format }: { title: string; data: BarDatum[]; format: (d: BarDatum) => string }) {
  return (
    // The wrapper hides it: a table ignores a 1px height and would stretch the page below the footer.
    <div className="visually-hidden">
      <table>
        <caption>{title}</caption>
        <tbody>
          {data.map((d, i) => (
            <tr key={`${d.label}-${i}`}>
              <th scope="row">{d.label}</th>
              <td>{format(d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

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

/** Vertical columns over a time axis (e.g. minutes per day); labels are shown every `labelEvery` columns. */
export function ColumnChart({
  title,
  data,
  unit = '',
  labelEvery = 7,
  width = 640,
  height = 180,
  color = '#2e7bb0',
}: {
  title: string;
  data: BarDatum[];
  unit?: string;
  labelEvery?: number;
  width?: number;
  height?: number;
  color?: string;
}) {
  // Nothing to draw: an empty grid with a 0–1 scale says less than one sentence.
  const empty = data.every((d) => d.value === 0);
  const display = (d: BarDatum) => d.display ?? `${d.value}${unit}`;
  return (
    <figure className="chart-figure">
      <figcaption>{title}</figcaption>
      {empty ? (
        <p className="chart-empty">아직 기록이 없어요.</p>
      ) : (
        <>
          {/* As for the bars: a narrower drawing with fewer, larger labels for phones; CSS shows one. */}
          <ColumnsSvg
            className="chart-wide"
            data={data}
            display={display}
            color={color}
            width={width}
            height={height}
            labelEvery={labelEvery}
            fontSize={11}
          />
          <ColumnsSvg
            className="chart-narrow"
            data={data}
            display={display}
            color={color}
            width={340}
            height={200}
            labelEvery={data.length <= 8 ? labelEvery : labelEvery * 2}
            fontSize={13}
          />
        </>
      )}
      <ChartTable title={title} data={data} format={display} />
    </figure>
  );
}

function ColumnsSvg({
  className,
  data,
  display,
  color,
  width,
  height,
  labelEvery,
  fontSize,
}: {
  className: string;
  data: BarDatum[];
  display: (d: BarDatum) => string;
  color: string;
  width: number;
  height: number;
  labelEvery: number;
  fontSize: number;
}) {
  const top = Math.max(...data.map((d) => d.value), 1);
  const pad = { left: fontSize * 3.3, right: 8, top: 10, bottom: fontSize + 15 };
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const slot = plotW / Math.max(data.length, 1);
  const barW = Math.max(2, slot * 0.7);
  const ticks = [0, Math.round(top / 2), top];
  // Every labelEvery-th column and the last one, skipping one that would crowd the last; the end labels keep inside.
  const last = data.length - 1;
  const labelled = (i: number) => i === last || (i % labelEvery === 0 && (labelEvery === 1 || last - i >= labelEvery / 2));
  const anchor = (i: number) => (labelEvery === 1 ? 'middle' : i === 0 ? 'start' : i === last ? 'end' : 'middle');
  const anchorX = (i: number, x: number) => ({ start: x, end: x + barW, middle: x + barW / 2 })[anchor(i)];
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width="100%" className={className} aria-hidden="true" focusable="false">
      {ticks.map((t) => {
        const y = pad.top + plotH - (t / top) * plotH;
        return (
          <g key={t}>
            <line x1={pad.left} x2={width - pad.right} y1={y} y2={y} stroke="#e3e8ee" />
            <text x={pad.left - 6} y={y + 4} textAnchor="end" fontSize={fontSize} fill="#6b7785">
              {t}
            </text>
          </g>
        );
      })}
      {data.map((d, i) => {
        const h = (d.value / top) * plotH;
        const x = pad.left + i * slot + (slot - barW) / 2;
        return (
          <g key={d.label}>
            <rect x={x} y={pad.top + plotH - h} width={barW} height={h} rx="2" fill={color}>
              <title>{`${d.label}: ${display(d)}`}</title>
            </rect>
            {labelled(i) ? (
              <text x={anchorX(i, x)} y={height - 8} textAnchor={anchor(i)} fontSize={fontSize} fill="#6b7785">
                {d.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

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
  const ticks = Array.from({ length: max - min + 1 }, (_, i) => min + i).filter((t) => (max - min > 6 ? t % 2 === 0 || t === min : true));
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
            <text x={x(i)} y={height - 10} textAnchor="middle" fontSize="11" fill="#6b7785">
              {d.label}
            </text>
          </g>
        ))}
      </svg>
      <ChartTable title={title} data={data} format={(d) => d.display ?? format(d.value)} />
    </figure>
  );
}
