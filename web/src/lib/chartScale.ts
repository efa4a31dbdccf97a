// The arithmetic of the admin's charts (pages/admin/InsightsTab.tsx), drawn as plain SVG: a linear
// scale from zero, round tick values, and how many axis labels fit. No charting library: these
// few lines are all the charts need, and the admin chunk stays light.

/** A round step near `raw`: 1, 2 or 5 times a power of ten (whole numbers only when `integers`). */
function niceStep(raw: number, integers: boolean): number {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return integers ? Math.max(1, Math.round(step)) : step;
}

/**
 * The ticks of an axis from 0 up to at least `max`, about `count` steps apart, each a round value;
 * the last tick is the axis' top. Counts (`integers`) never get a fractional tick.
 */
export function niceTicks(max: number, count = 4, integers = true): number[] {
  const top = max > 0 ? max : 1;
  const step = niceStep(top / count, integers);
  const steps = Math.max(1, Math.ceil(top / step - 1e-9));
  // Multiplied, not added up, so 0.1 + 0.2 never reads 0.30000000000000004.
  return Array.from({ length: steps + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

/** A linear scale: 0 → `from`, `top` → `to` (pixels; `to` < `from` for an axis that grows upwards). */
export function linearScale(top: number, from: number, to: number): (value: number) => number {
  const span = top > 0 ? top : 1;
  return (value) => from + ((to - from) * value) / span;
}

/**
 * Every how many'th label of `count` evenly spaced ones fits in `width` pixels when each needs
 * `labelWidth`: 1 shows them all, 2 every other one, and so on.
 */
export function labelEvery(count: number, width: number, labelWidth: number): number {
  if (count <= 1 || width <= 0) return 1;
  const room = width / count;
  return Math.max(1, Math.ceil(labelWidth / room));
}
