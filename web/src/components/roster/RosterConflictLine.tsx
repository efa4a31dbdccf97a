// The quiet line on a request or an offer the crew member could not fly: "Conflicts with your
// ATL1234". Worked out in the browser from the roster (loaded once) and the card's own dates, so the
// tradeboard's shared body stays the same for the whole group (docs/decisions/0023).
import { useEffect, useMemo } from 'react';
import { conflictLine } from '#protocol/roster.ts';
import { tripOf, tripToTake, type Trip } from '#protocol/roster-rules.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { conflictOf, useRosterStore } from '../../stores/useRosterStore.ts';
import type { TripDates } from './rosterTrips.ts';
import './roster.css';

function ConflictLine({ trip }: { trip: Trip | null }) {
  const info = useRosterStore((s) => s.info);
  useEffect(() => {
    void useRosterStore.getState().ensure();
  }, []);
  const name = useMemo(() => conflictOf(info, trip), [info, trip]);
  if (!name) return null;
  return <p className="roster-conflict">{conflictLine(name)}</p>;
}

/** On a request: the trip taking it would have the crew member fly (tripToTake). */
export function RosterConflictLine({ request }: { request: Pick<TradeRequestItem, 'type' | 'date' | 'tripDays'> }) {
  const { type, date, tripDays } = request;
  const trip = useMemo(() => tripToTake({ type, date, tripDays }), [type, date, tripDays]);
  return <ConflictLine trip={trip} />;
}

/** On an offer received: the trip its Accept would have the crew member fly (tripOfOffer); none, nothing shown. */
export function TripConflictLine({ trip }: { trip: TripDates | null }) {
  const date = trip?.date;
  const days = trip?.days;
  const shown = useMemo(() => (date && days ? tripOf(date.slice(0, 10), days) : null), [date, days]);
  return <ConflictLine trip={shown} />;
}
