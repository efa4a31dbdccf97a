// Small figures shared by the scenarios that time events themselves (not through autocannon).

/** The p-th percentile of an ascending list (NaN when it is empty). */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

/** Milliseconds to one decimal, as the tables print them. */
export const tenths = (v: number) => Math.round(v * 10) / 10;
