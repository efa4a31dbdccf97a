// What a match is called in the bell, mail and push (docs/decisions/0042): the match's own days and
// the colleague's trip, never just the reader's request's first date (a pickup over six days that
// matches six drops names six different days).
import type { RequestType } from './enums.ts';
import { shortDate } from './offerText.ts';
import type { TradeRequestItem } from './shapes.ts';

/** A request as the match texts read it. */
export interface MatchSideFacts {
  type: RequestType;
  /** Every day of it (date plus additional dates). */
  allDates: readonly string[];
  desiredDates: readonly string[];
  route: string | null;
  reservePeriod: string | null;
}

/**
 * The days a match is about, in order: for a drop and a pickup the days they share; for two trades
 * the colleague's days the reader wants (what the reader would fly).
 */
export function matchDays(mine: MatchSideFacts, theirs: MatchSideFacts): string[] {
  const wanted = mine.type === 'trade' ? new Set(mine.desiredDates) : new Set(mine.allDates);
  const days = theirs.allDates.filter((d) => wanted.has(d));
  return [...new Set(days.length ? days : theirs.allDates)].sort();
}

/** "Dec 20", "Dec 20-22", "Dec 30-Jan 2": the first and last of some days. */
export function dayRange(days: readonly string[]): string {
  const sorted = [...days].sort();
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return '';
  if (first === last) return shortDate(first);
  const [fm, lm] = [shortDate(first).split(' ')[0], shortDate(last).split(' ')[0]];
  return fm === lm ? `${shortDate(first)}-${Number(last.slice(8, 10))}` : `${shortDate(first)}-${shortDate(last)}`;
}

const WORD: Record<RequestType, string> = { drop: 'drop', pickup: 'pickup', trade: 'trade' };

/** "Maya Chen's drop on Dec 22 (ATL1234) matches your pickup". */
export function matchSentence(otherName: string, mine: MatchSideFacts, theirs: MatchSideFacts): string {
  const trip = theirs.route ?? theirs.reservePeriod;
  return `${otherName}'s ${WORD[theirs.type]} on ${dayRange(matchDays(mine, theirs))}${trip ? ` (${trip})` : ''} matches your ${WORD[mine.type]}`;
}

/** "3 new matches for your pickup, Dec 20-22": several matches of one request told at once. */
export const matchesSummary = (count: number, mine: Pick<MatchSideFacts, 'type'>, days: readonly string[]) =>
  `${count} new matches for your ${WORD[mine.type]}, ${dayRange(days)}`;

/** A request as the client sees it, as the match texts read it. */
export const matchFactsOf = (
  r: Pick<TradeRequestItem, 'type' | 'date' | 'additionalDates' | 'desiredDates' | 'route' | 'reservePeriod'>,
): MatchSideFacts => ({
  type: r.type,
  allDates: [...new Set([r.date.slice(0, 10), ...(r.additionalDates ?? []).map((d) => d.slice(0, 10))])].sort(),
  desiredDates: (r.desiredDates ?? []).map((d) => d.slice(0, 10)),
  route: r.route,
  reservePeriod: r.reservePeriod,
});
