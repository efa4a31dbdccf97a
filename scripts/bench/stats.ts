// Small figures shared by the scenarios that time events themselves (not through autocannon).

/** The p-th percentile of an ascending list (NaN when it is empty). */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

/** Milliseconds to one decimal, as the tables print them. */
export const tenths = (v: number) => Math.round(v * 10) / 10;

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : tenths((sorted[mid - 1]! + sorted[mid]!) / 2);
}
