// The Insights tab's charts, drawn as plain SVG at the width they are given (lib/chartScale.ts does the
// arithmetic): weekly lines or bars, and horizontal stacked bars. Each chart is a <figure> with its
// title and a table of the same figures: hidden from sight (screen readers read it) until "Show as
// table" shows it in the chart's place. The SVG itself is hidden from assistive tech, so nothing is
// read twice.
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { labelEvery, linearScale, niceTicks } from '../../lib/chartScale.ts';
import { INSIGHTS_TEXT } from '../../texts/insights.ts';

/** One series of a chart: its label, its CSS colour class (insights.css) and a value a week (null: none). */
export interface Series {
  key: string;
  label: string;
  /** `series-1` ... `series-3`, or a position's class. */
  tone: string;
  values: (number | null)[];
}

const HEIGHT = 200;
const MARGIN = { top: 12, right: 12, bottom: 28 };
/** Roughly the width of a week label ("Sep 29") at the axis' font size. */
const X_LABEL_WIDTH = 46;
/** Roughly the width of one character of an axis label. */
const CHAR_WIDTH = 7.5;
/** Of a row label (bold capitals: "DFW", "MSP"). */
const ROW_CHAR_WIDTH = 10;

/** The width the element has now, following it as the window changes. */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    // Without ResizeObserver (old browsers) the chart keeps its first width.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** A chart's frame: title, a line saying what it counts, the legend, the drawing or its table, and the toggle. */
export function ChartFigure({
  title,
  description,
  legend,
  table,
  children,
}: {
  title: string;
  description?: string;
  legend?: { label: string; tone: string; marker?: Marker }[];
  table: ReactNode;
  children: (width: number) => ReactNode;
}) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const [ref, width] = useWidth<HTMLDivElement>(600);
  return (
    <figure className="card insights-chart" aria-labelledby={`${id}-title`}>
      <div className="insights-chart-head">
        <h3 id={`${id}-title`}>{title}</h3>
        <button type="button" className="button button-outline button-sm" onClick={() => setAsTable((v) => !v)}>
          {asTable ? INSIGHTS_TEXT.showChart : INSIGHTS_TEXT.showTable}
        </button>
      </div>
      {description && <p className="muted insights-chart-note">{description}</p>}
      {legend && !asTable && (
        <ul className="insights-legend" aria-hidden="true">
          {legend.map((item) => (
            <li key={item.label}>
              <svg width="14" height="14" viewBox="-7 -7 14 14" className={item.tone}>
                {item.marker ? <MarkerShape marker={item.marker} /> : <rect x="-6" y="-6" width="12" height="12" rx="2" />}
              </svg>
              {item.label}
            </li>
          ))}
        </ul>
      )}
      <div ref={ref} className="insights-drawing" hidden={asTable}>
        {!asTable && children(width)}
      </div>
      <div className={asTable ? 'table-wrap insights-table' : 'visually-hidden'}>{table}</div>
    </figure>
  );
}

export type Marker = 'circle' | 'square' | 'diamond';

/** A point's mark: each series its own shape as well as its colour. */
function MarkerShape({ marker, x = 0, y = 0 }: { marker: Marker; x?: number; y?: number }) {
  if (marker === 'square') return <rect x={x - 4} y={y - 4} width="8" height="8" />;
  if (marker === 'diamond') return <path d={`M${x} ${y - 5.5}L${x + 5.5} ${y}L${x} ${y + 5.5}L${x - 5.5} ${y}Z`} />;
  return <circle cx={x} cy={y} r="4.5" />;
}

interface WeeklyProps {
  weeks: string[];
  series: Series[];
  width: number;
  /** An axis value as written on it. */
  format: (value: number) => string;
  /** Ticks over whole numbers (counts) or any (hours, shares). */
  integers?: boolean;
  /** Fixed ticks (a share: 0 to 100%). */
  ticks?: number[];
  kind: 'lines' | 'bars';
  markers?: Marker[];
}

/** Weeks along the bottom, values up the side: lines with marked points, or one bar a week. */
export function WeeklyChart({ weeks, series, width, format, integers = true, ticks: fixed, kind, markers = [] }: WeeklyProps) {
  const max = Math.max(0, ...series.flatMap((s) => s.values.map((v) => v ?? 0)));
  const ticks = fixed ?? niceTicks(max, 4, integers);
  const top = ticks.at(-1) ?? 1;
  const left = Math.max(...ticks.map((t) => format(t).length)) * CHAR_WIDTH + 10;
  const plot = Math.max(0, width - left - MARGIN.right);
  const band = plot / Math.max(1, weeks.length);
  const y = linearScale(top, HEIGHT - MARGIN.bottom, MARGIN.top);
  const x = (i: number) => left + band * (i + 0.5);
  const every = labelEvery(weeks.length, plot, X_LABEL_WIDTH);
  return (
    <svg width={width} height={HEIGHT} className="insights-svg" aria-hidden="true" focusable="false">
      {ticks.map((t) => (
        <g key={t}>
          <line x1={left} x2={left + plot} y1={y(t)} y2={y(t)} className={t === 0 ? 'insights-axis' : 'insights-grid'} />
          <text x={left - 8} y={y(t)} dy="0.32em" textAnchor="end" className="insights-tick">
            {format(t)}
          </text>
        </g>
      ))}
      {weeks.map((week, i) =>
        // The newest week always has its label; the others as many as fit.
        (weeks.length - 1 - i) % every === 0 ? (
          <text key={week} x={x(i)} y={HEIGHT - 8} textAnchor="middle" className="insights-tick">
            {week}
          </text>
        ) : null,
      )}
      {kind === 'bars'
        ? series.map((s, si) => {
            const barWidth = Math.max(2, (band * 0.7) / series.length);
            const start = -(barWidth * series.length) / 2;
            return (
              <g key={s.key} className={s.tone}>
                {s.values.map((v, i) =>
                  v === null || v === 0 ? null : (
                    <rect key={i} x={x(i) + start + si * barWidth} y={y(v)} width={barWidth - 1} height={y(0) - y(v)} rx="2">
                      <title>{`${weeks[i]}: ${format(v)}`}</title>
                    </rect>
                  ),
                )}
              </g>
            );
          })
        : series.map((s, si) => {
            const points = s.values.flatMap((v, i) => (v === null ? [] : [[x(i), y(v), v, i] as const]));
            return (
              <g key={s.key} className={`${s.tone} insights-line`}>
                <polyline points={points.map(([px, py]) => `${px},${py}`).join(' ')} fill="none" />
                {points.map(([px, py, v, i]) => (
                  <g key={i}>
                    <MarkerShape marker={markers[si] ?? 'circle'} x={px} y={py} />
                    <title>{`${s.label}, ${weeks[i]}: ${format(v)}`}</title>
                  </g>
                ))}
              </g>
            );
          })}
    </svg>
  );
}

/** One row of horizontal stacked bars: its label and a value a part. */
export interface StackRow {
  label: string;
  parts: { key: string; label: string; tone: string; value: number }[];
}

const ROW_HEIGHT = 30;

/** Horizontal bars, one a row, each split into its parts (a base's requests by position), with its total at the end. */
export function StackedBars({ rows, width }: { rows: StackRow[]; width: number }) {
  const totals = rows.map((r) => r.parts.reduce((sum, p) => sum + p.value, 0));
  const ticks = niceTicks(Math.max(0, ...totals), width < 420 ? 3 : 5);
  const top = ticks.at(-1) ?? 1;
  const left = Math.max(3, ...rows.map((r) => r.label.length)) * ROW_CHAR_WIDTH + 12;
  const right = Math.max(...totals.map((t) => String(t).length), 1) * CHAR_WIDTH + 10;
  const plot = Math.max(0, width - left - right);
  const x = linearScale(top, left, left + plot);
  const height = MARGIN.top + rows.length * ROW_HEIGHT + MARGIN.bottom;
  return (
    <svg width={width} height={height} className="insights-svg" aria-hidden="true" focusable="false">
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={MARGIN.top} y2={height - MARGIN.bottom} className={t === 0 ? 'insights-axis' : 'insights-grid'} />
          <text x={x(t)} y={height - 8} textAnchor="middle" className="insights-tick">
            {t.toLocaleString('en-US')}
          </text>
        </g>
      ))}
      {rows.map((row, r) => {
        const top = MARGIN.top + r * ROW_HEIGHT + 5;
        let from = 0;
        return (
          <g key={row.label}>
            <text x={left - 8} y={top + 10} dy="0.32em" textAnchor="end" className="insights-row-label">
              {row.label}
            </text>
            {row.parts.map((part) => {
              if (part.value === 0) return null;
              const start = from;
              from += part.value;
              return (
                <rect key={part.key} x={x(start)} y={top} width={Math.max(1, x(from) - x(start) - 1)} height="20" className={part.tone}>
                  <title>{`${row.label}, ${part.label}: ${part.value.toLocaleString('en-US')}`}</title>
                </rect>
              );
            })}
            <text x={x(from) + 6} y={top + 10} dy="0.32em" className="insights-tick">
              {totals[r]!.toLocaleString('en-US')}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
