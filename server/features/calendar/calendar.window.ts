import { FEED_MAX_EVENTS, FEED_WINDOW_DAYS } from '#protocol/limits.ts';
import { addDays } from '#protocol/roster-rules.ts';
import type { FeedWindow } from './calendar.queries.ts';

/** The days a feed covers from the owner's today (crew-day.ts): that day and the FEED_WINDOW_DAYS after it. */
export const feedWindow = (today: string): FeedWindow => ({ first: today, last: addDays(today, FEED_WINDOW_DAYS) });

/**
 * The kinds of event a feed holds, in the order they are given room beyond their share: completed
 * trades first (they change what the crew member flies), then three-way chains, pending matches,
 * and last the crew member's own request dates (what they posted, on the board already).
 */
export const FEED_KINDS = ['trades', 'chains', 'matches', 'requests'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/**
 * How many events of each kind a feed holds when they are more than `max` (docs/decisions/0041).
 * Each kind is sure of an equal share, so no kind crowds another out (thousands of matches still
 * leave the trades and request dates their places); what a kind leaves of its share goes to the
 * others in FEED_KINDS order. Which events of a kind are kept is the order its query reads them:
 * the newest trades, chains and matches, the soonest request dates.
 */
export function shareOut(available: Record<FeedKind, number>, max: number = FEED_MAX_EVENTS): Record<FeedKind, number> {
  const share = Math.floor(max / FEED_KINDS.length);
  const taken = Object.fromEntries(FEED_KINDS.map((k) => [k, Math.min(available[k], share)])) as Record<FeedKind, number>;
  let left = max - FEED_KINDS.reduce((sum, k) => sum + taken[k], 0);
  for (const k of FEED_KINDS) {
    const more = Math.min(available[k] - taken[k], left);
    taken[k] += more;
    left -= more;
  }
  return taken;
}
