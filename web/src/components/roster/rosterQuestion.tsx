// Before an offer's or a chain's Accept: the roster's reasons, if the trip it brings breaks any, as
// the question of the confirm dialog (the action's `ask`, hooks/useConfirmAction.ts). The crew
// member may still accept (Crewtrade warns; the airline decides). No roster, no conflict, or a check
// that failed: nothing is asked.
import type { ConfirmInput } from '../../stores/useConfirmStore.ts';
import { fetchRosterCheck, RosterReasons } from './RosterReasons.tsx';
import { ROSTER_UI } from './rosterTexts.ts';
import type { TripDates } from './rosterTrips.ts';

export async function rosterQuestion(trip: TripDates | null): Promise<ConfirmInput | null> {
  if (!trip) return null;
  const check = await fetchRosterCheck(trip);
  if (!check || check.ok) return null;
  return {
    title: ROSTER_UI.confirmTitle,
    description: ROSTER_UI.confirmText,
    confirmLabel: ROSTER_UI.acceptAnyway,
    details: <RosterReasons reasons={check.reasons} />,
  };
}
