import type { ActiveRequestsCount, InsightsWeek } from '#protocol/shapes.ts';
import { dayOfGroup } from '../user-kernel/crew-day.ts';
import { groupFieldsOf } from '../user-kernel/group.ts';

/** How many weeks Insights shows: the current one and the eleven before it. */
export const INSIGHTS_WEEKS = 12;
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** 00:00 UTC of the Monday of `now`'s week (UTC). */
export function mondayOf(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // getUTCDay: Sunday 0 ... Saturday 6; Monday is 0 days back, Sunday 6.
  return new Date(midnight - ((now.getUTCDay() + 6) % 7) * DAY_MS);
}

/** The Monday 00:00 UTC the first of the INSIGHTS_WEEKS weeks begins. */
export const firstWeekOf = (now: Date): Date => new Date(mondayOf(now).getTime() - (INSIGHTS_WEEKS - 1) * WEEK_MS);

/** Per-week rows as the queries give them: `week` is the bin's start as the database writes a time. */
export interface WeeklyRows {
  requests: { week: string; posted: number }[];
  matches: { week: string; made: number; traded: number }[];
  trades: { week: string; offers: number; chains: number }[];
  supportFiled: { week: string; filed: number }[];
  supportAnswered: { week: string; answered: number; medianSeconds: number | null }[];
}

/** The twelve weeks from `first`, oldest first, every week present (a week with nothing counts zeros). */
export function presentWeeks(first: Date, rows: WeeklyRows): InsightsWeek[] {
  const weeks: InsightsWeek[] = Array.from({ length: INSIGHTS_WEEKS }, (_, i) => ({
    weekStart: new Date(first.getTime() + i * WEEK_MS).toISOString().slice(0, 10),
    requestsPosted: 0,
    matchesMade: 0,
    matchesTraded: 0,
    matchShare: null,
    offersAccepted: 0,
    chainsCompleted: 0,
    tradesCompleted: 0,
    supportRequests: 0,
    supportAnswered: 0,
    medianAnswerSeconds: null,
  }));
  // A row's week by its start; a time after the current week (a clock ahead) has no week here.
  const at = (week: string): InsightsWeek | undefined => weeks[Math.round((new Date(week).getTime() - first.getTime()) / WEEK_MS)];
  for (const r of rows.requests) {
    const w = at(r.week);
    if (w) w.requestsPosted = r.posted;
  }
  for (const r of rows.matches) {
    const w = at(r.week);
    if (!w) continue;
    w.matchesMade = r.made;
    w.matchesTraded = r.traded;
    w.matchShare = r.made ? r.traded / r.made : null;
  }
  for (const r of rows.trades) {
    const w = at(r.week);
    if (!w) continue;
    w.offersAccepted = r.offers;
    w.chainsCompleted = r.chains;
    w.tradesCompleted = r.offers + r.chains;
  }
  for (const r of rows.supportFiled) {
    const w = at(r.week);
    if (w) w.supportRequests = r.filed;
  }
  for (const r of rows.supportAnswered) {
    const w = at(r.week);
    if (!w) continue;
    w.supportAnswered = r.answered;
    w.medianAnswerSeconds = r.medianSeconds === null ? null : Math.round(r.medianSeconds);
  }
  return weeks;
}

/**
 * The UTC days a base's today can be at `now`: time zones run from 12 hours behind UTC to 14 ahead,
 * so one day either side. Requests ending before `low` are past everywhere; after `high`, nowhere.
 */
export function edgeDays(now: Date): { low: string; high: string } {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { low: day(now.getTime() - DAY_MS), high: day(now.getTime() + DAY_MS) };
}

/**
 * Active requests by base and position: per group, those on its board today (an edge row counts when
 * its last date is not before the group's today at its base, as the board reads it), summed over
 * the airlines and aircraft of a base and position. Most first, then by base and position.
 */
export function presentActiveRequests(rows: { groupKey: string; edge: string | null; count: number }[], now: Date): ActiveRequestsCount[] {
  const sums = new Map<string, ActiveRequestsCount>();
  for (const r of rows) {
    if (r.edge !== null && r.edge < dayOfGroup(r.groupKey, now)) continue;
    const { base, position } = groupFieldsOf(r.groupKey);
    const key = `${base}|${position}`;
    const sum = sums.get(key) ?? { base: base ?? '', position: position ?? '', count: 0 };
    sum.count += r.count;
    sums.set(key, sum);
  }
  return [...sums.values()].sort((a, b) => b.count - a.count || a.base.localeCompare(b.base) || a.position.localeCompare(b.position));
}
