// The crew member's own day on this device: the date at their base (the zone the server resolved
// from the airport table, or their pick, else UTC), not the UTC date and not the phone's zone
// (a crew member on a layover still trades by the day at their base). docs/decisions/0024.
import { dayIn } from '#protocol/rules.ts';
import { useSessionStore } from './useSessionStore.ts';

/** Today at the signed-in crew member's base, as an ISO date. */
export function crewToday(now: Date = new Date()): string {
  return dayIn(useSessionStore.getState().user?.timeZone ?? 'UTC', now);
}

/** crewToday for a component: a date input's `min`, for one. */
export function useCrewToday(): string {
  const timeZone = useSessionStore((s) => s.user?.timeZone ?? 'UTC');
  return dayIn(timeZone);
}
