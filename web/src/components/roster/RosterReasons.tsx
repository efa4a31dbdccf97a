// What the roster says about a trip, shown before the crew member confirms (the Request Trade
// dialog, an offer's Accept, a chain's Accept): each reason on its own line. A warning, not a block.
import { useEffect, useState } from 'react';
import type { RosterCheck } from '#protocol/roster.ts';
import { api } from '../../api/client.ts';
import { withQuery } from '../../stores/messageList.ts';
import { ROSTER_UI } from './rosterTexts.ts';
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

/** A trip by its first day and length in days. */
export interface TripDates {
  date: string;
  days: number;
}

/** GET /api/roster/check for a trip; null while asking, for no trip, or when the check failed (it never blocks). */
export function fetchRosterCheck(trip: TripDates): Promise<RosterCheck | null> {
  return api.get(withQuery('/api/roster/check', { date: trip.date.slice(0, 10), days: trip.days })).catch(() => null);
}

/** The check of a trip, asked again when the trip changes. */
export function useRosterCheck(trip: TripDates | null): RosterCheck | null {
  const [check, setCheck] = useState<{ key: string; value: RosterCheck | null } | null>(null);
  const key = trip ? `${trip.date}/${trip.days}` : '';
  useEffect(() => {
    if (!trip) return;
    let live = true;
    void fetchRosterCheck(trip).then((value) => live && setCheck({ key, value }));
    return () => {
      live = false;
    };
    // The key names the trip: a new object with the same dates is the same question.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return check?.key === key ? check.value : null;
}
