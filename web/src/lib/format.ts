// Display helpers shared by the screens.
import type { Position, RequestType } from '#protocol/enums.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { monthDayYear } from './dates.ts';

/** A YYYY-MM-DD string as a local date (never shifted by the time zone). */
export function parseLocalDate(value: string): Date {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  return new Date(y ?? Number.NaN, (m ?? 1) - 1, d ?? 1);
}

/** "MMM d, yyyy", e.g. Jan 5, 2025. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseLocalDate(value);
  return Number.isNaN(date.getTime()) ? value : monthDayYear(date);
}

/** "1 Day" / "N Days". */
export function daysLabel(days: number): string {
  return days === 1 ? '1 Day' : `${days} Days`;
}

/** A request's trip days; "Single Day" when none were given (docs/product-spec.md section 9). */
export function tripDaysText(days: number | null | undefined): string {
  return days == null ? SINGLE_DAY : daysLabel(days);
}

const SINGLE_DAY = 'Single Day';

export const REQUEST_TYPE_LABELS: Record<RequestType, string> = { drop: 'Drop', pickup: 'Pick Up', trade: 'Trade' };

export const POSITION_LABELS: Record<Position, string> = {
  captain: 'Captain',
  first_officer: 'First Officer',
  flight_attendant: 'Flight Attendant',
};

/** Lower-case reading of a position, e.g. "first officer". */
export function positionPhrase(position: string | null | undefined): string {
  return (position ?? '').replace(/_/g, ' ').toLowerCase();
}

interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

export function fullName(user: NamedUser | null | undefined): string {
  const name = [user?.firstName, user?.lastName].filter((part) => part && part.trim()).join(' ');
  return name || user?.email || 'Crew member';
}

/** At most two characters (docs/product-spec.md section 9). */
export function initials(user: NamedUser | null | undefined): string {
  const letters = `${user?.firstName?.trim()?.[0] ?? ''}${user?.lastName?.trim()?.[0] ?? ''}`;
  return (letters || user?.email?.[0] || '?').toUpperCase().slice(0, 2);
}

/** Newest first by createdAt (ISO text sorts as time), the higher id first for the same instant. */
export const newestFirst = <T extends { createdAt: string; id: number }>(a: T, b: T) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id;

/** A count of what is loaded of a paged list: "200+" while more pages remain. */
export const countText = (loaded: number, next: string | null) => (next === null ? String(loaded) : `${loaded}+`);

/** The pairing, or the reserve period for a reserve request ('' when neither is set). */
export function routeText(request: Pick<TradeRequestItem, 'routeType' | 'route' | 'reservePeriod'>): string {
  return (request.routeType === 'reserve_period' ? request.reservePeriod : request.route) ?? '';
}
