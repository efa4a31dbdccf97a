// The order requests are listed in on the dashboard and the tradeboard.

/** Requests in date order (earliest first), ties by creation. */
export function byDate<T extends { date: string; id: number }>(a: T, b: T): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id;
}
