// How the Insights tab writes its figures: week labels, counts, shares, hours on an axis and
// durations in words.
import { monthDay } from '../../lib/dates.ts';

/** "2026-11-23" (a week's Monday, UTC) → "Nov 23". */
export function weekLabel(weekStart: string): string {
  const [y = 1970, m = 1, d = 1] = weekStart.split('-').map(Number);
  return monthDay(new Date(y, m - 1, d));
}

export const count = (n: number) => n.toLocaleString('en-US');

/** 0.75 → "75%". */
export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** An axis' hours: "0 h", "2.5 h", "36 h". */
export const hours = (h: number) => `${Number(h.toFixed(1))} h`;

/** A duration in words: "45 min", "2 h 30 min", "3 d 4 h". */
export function durationText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  if (h < 24) return minutes % 60 ? `${h} h ${minutes % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}
