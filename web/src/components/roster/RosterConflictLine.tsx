// The quiet line on a request the crew member could not fly: "Conflicts with your ATL1234". Worked
// out in the browser from the roster (loaded once) and the card's own dates, so the tradeboard's
// shared body stays the same for the whole group (docs/decisions/0023).
import { useEffect, useMemo } from 'react';
import { conflictLine } from '#protocol/roster.ts';
import { tripToTake } from '#protocol/roster-rules.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { conflictOf, useRosterStore } from '../../stores/useRosterStore.ts';
import './roster.css';

export function RosterConflictLine({ request }: { request: Pick<TradeRequestItem, 'type' | 'date' | 'tripDays'> }) {
  const info = useRosterStore((s) => s.info);
  useEffect(() => {
    void useRosterStore.getState().ensure();
  }, []);
  const { type, date, tripDays } = request;
  const name = useMemo(() => conflictOf(info, tripToTake({ type, date, tripDays })), [info, type, date, tripDays]);
  if (!name) return null;
  return <p className="roster-conflict">{conflictLine(name)}</p>;
}
