// Before an offer's or a chain's Accept: the roster's reasons, if the trip it brings breaks any, in
// the confirm dialog. The crew member may still accept (Crewtrade warns; the airline decides). No
// roster, no conflict, or a check that failed: nothing is asked.
import { confirm } from '../../stores/useConfirmStore.ts';
import { fetchRosterCheck, RosterReasons } from './RosterReasons.tsx';
import { ROSTER_UI } from './rosterTexts.ts';
import type { TripDates } from './rosterTrips.ts';

export async function confirmDespiteRoster(trip: TripDates | null): Promise<boolean> {
  if (!trip) return true;
  const check = await fetchRosterCheck(trip);
  if (!check || check.ok) return true;
  return confirm({
    title: ROSTER_UI.confirmTitle,
    description: ROSTER_UI.confirmText,
    confirmLabel: ROSTER_UI.acceptAnyway,
    details: <RosterReasons reasons={check.reasons} />,
  });
}
