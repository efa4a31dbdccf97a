// What the roster says about a trip, shown before the crew member confirms (the Request Trade
// dialog, the New Request dialog for a pickup or a trade, an offer's Accept, a chain's Accept): each
// reason on its own line. A warning, not a block.
import { useEffect, useState } from 'react';
import type { RosterCheck } from '#protocol/roster.ts';
import { api } from '../../api/client.ts';
import { withQuery } from '../../stores/messageList.ts';
import { ROSTER_UI } from './rosterTexts.ts';
import type { TripDates } from './rosterTrips.ts';
import './roster.css';

export function RosterReasons({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return null;
  return (
    <div className="roster-reasons" role="note" aria-label={ROSTER_UI.reasonsTitle}>
      <p className="roster-reasons-title">{ROSTER_UI.reasonsTitle}</p>
      <ul>
        {reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      <p className="roster-reasons-hint">{ROSTER_UI.reasonsHint}</p>
    </div>
  );
}

export type { TripDates } from './rosterTrips.ts';

/** GET /api/roster/check for a trip; null for a check that failed or was called off (it never blocks). */
export function fetchRosterCheck(trip: TripDates, signal?: AbortSignal): Promise<RosterCheck | null> {
  return api.get(withQuery('/api/roster/check', { date: trip.date.slice(0, 10), days: trip.days }), { signal }).catch(() => null);
}

/**
 * The check of a trip, asked again when the trip changes; null while asking, for no trip, or when
 * the check failed. With `waitMs`, asked only once the trip has stayed the same that long (a date
 * being typed changes with each digit); a question whose trip changed meanwhile is called off.
 */
export function useRosterCheck(trip: TripDates | null, waitMs = 0): RosterCheck | null {
  const [check, setCheck] = useState<{ key: string; value: RosterCheck | null } | null>(null);
  const key = trip ? `${trip.date}/${trip.days}` : '';
  useEffect(() => {
    if (!trip) return;
    const stale = new AbortController();
    const timer = setTimeout(() => {
      void fetchRosterCheck(trip, stale.signal).then((value) => {
        if (!stale.signal.aborted) setCheck({ key, value });
      });
    }, waitMs);
    return () => {
      clearTimeout(timer);
      stale.abort();
    };
    // The key names the trip: a new object with the same dates is the same question.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return check?.key === key ? check.value : null;
}
