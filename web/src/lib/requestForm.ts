// The request form's values, how a stored request fills them, the trip-days choices and the
// validation that turns them into a request body.
import { type RequestType, type RouteType } from '#protocol/enums.ts';
import { TRIP_DAYS_FORM_MAX } from '#protocol/limits.ts';
import { requestBodySchema, requestFormSchema } from '#protocol/schemas/requests.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { daysLabel } from './format.ts';

export interface RequestFormState {
  type: RequestType;
  date: string;
  additionalDates: string[];
  desiredDates: string[];
  routeType: RouteType | '';
  route: string;
  reservePeriod: string;
  /** '' when not given (the field is optional). */
  tripDays: string;
  notes: string;
  /**
   * "Accept automatically", the standing rule (docs/decisions/0045). null on an edit from a copy
   * that does not say (the board's): left out of the body, so it stays as it is.
   */
  autoAccept: boolean | null;
}

export function initialRequestForm(request?: TradeRequestItem): RequestFormState {
  if (!request) {
    return {
      type: 'drop',
      date: '',
      additionalDates: [],
      desiredDates: [],
      routeType: 'pairing',
      route: '',
      reservePeriod: '',
      tripDays: '1',
      notes: '',
      autoAccept: false,
    };
  }
  return {
    type: request.type,
    date: request.date,
    additionalDates: request.additionalDates ?? [],
    desiredDates: request.type === 'trade' && !request.desiredDates?.length ? [''] : (request.desiredDates ?? []),
    routeType: request.routeType,
    route: request.route ?? '',
    reservePeriod: request.reservePeriod ?? '',
    tripDays: request.tripDays == null ? '' : String(request.tripDays),
    notes: request.notes ?? '',
    autoAccept: request.autoAccept ?? null,
  };
}

export interface TripDaysOption {
  value: string;
  label: string;
}

/**
 * No choice, then 1 to 14 (the form's range). A stored value outside that range (the API keeps up
 * to 30) is offered too, so an edit shows it and can save it unchanged.
 */
export function tripDaysOptions(stored: number | null | undefined, emptyLabel: string): TripDaysOption[] {
  const days = Array.from({ length: TRIP_DAYS_FORM_MAX }, (_, i) => i + 1);
  if (stored != null && !days.includes(stored)) days.push(stored);
  return [{ value: '', label: emptyLabel }, ...days.sort((a, b) => a - b).map((n) => ({ value: String(n), label: daysLabel(n) }))];
}

/**
 * The form's rule (trip days 1 to 14); an edit that keeps the stored trip days is checked by the
 * stored-data rule (1 to 30), so a request saved with 20 days still saves. Both parse to a RequestBody.
 */
export function requestSchemaFor(form: RequestFormState, editing?: TradeRequestItem) {
  const keepsStoredDays = editing !== undefined && form.tripDays === (editing.tripDays == null ? '' : String(editing.tripDays));
  return keepsStoredDays ? requestBodySchema : requestFormSchema;
}

/** The values as the schema reads them: no route type chosen is none at all; a standing rule not known is left out. */
export const requestFormValues = (form: RequestFormState) => ({
  ...form,
  routeType: form.routeType || undefined,
  autoAccept: form.autoAccept ?? undefined,
});
