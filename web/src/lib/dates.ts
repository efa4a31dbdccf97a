// The date and time texts of the signed-in first screen (the dashboard's cards and messages), written
// out for the app's one locale exactly as date-fns's default (en-US) formats them: date-fns, 6 KB
// gzip, then stays with the later screens' chunks (docs/decisions/0032-light-sign-in-and-first-screen.md).
// dates.test.ts holds them to date-fns's output.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** date-fns "MMM d", e.g. "Jan 5". */
export const monthDay = (d: Date): string => `${MONTHS[d.getMonth()]} ${d.getDate()}`;

/** date-fns "MMM d, yyyy", e.g. "Jan 5, 2025". */
export const monthDayYear = (d: Date): string => `${monthDay(d)}, ${String(d.getFullYear()).padStart(4, '0')}`;

/** date-fns "h:mm a", e.g. "3:04 PM". */
export function clockTime(d: Date): string {
  const hours = d.getHours();
  return `${hours % 12 || 12}:${String(d.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The same local day as now. */
export const isToday = (d: Date, now = new Date()): boolean => sameDay(d, now);

/** The local day before now's. */
export function isYesterday(d: Date, now = new Date()): boolean {
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  return sameDay(d, yesterday);
}
