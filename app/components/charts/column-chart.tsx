import { ChartTable, type BarDatum } from './chart-table';

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
  // The axis ends at a round number (1, 2, 4 or 5 × 10ⁿ, at least 2) so its ticks read 0 · 250 · 500, not 0 · 245 · 490.
  const most = Math.max(...data.map((d) => d.value), 2);
  const unit = 10 ** Math.floor(Math.log10(most));
  const top = [1, 2, 4, 5, 10].map((m) => m * unit).find((n) => n >= most)!;
  const pad = { left: fontSize * 3.3, right: 8, top: 10, bottom: fontSize + 15 };
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const slot = plotW / Math.max(data.length, 1);
  const barW = Math.max(2, slot * 0.7);
  const ticks = [0, top / 2, top];
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
