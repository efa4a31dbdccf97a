import { z } from 'zod';
import { REQUEST_STATUSES, REQUEST_TYPES, ROUTE_TYPES, type RequestType, type RouteType } from '../enums.ts';
import { TRIP_DAYS_FORM_MAX, TRIP_DAYS_STORED_MAX } from '../limits.ts';
import { BOARD_MSG } from '../messages/board.ts';
import { COMMON_MSG } from '../messages/common.ts';
import { REQUESTS_MSG } from '../messages/requests.ts';
import { isListDay } from '../paging.ts';
import { charCount, clientKeyField, CONTROL_CHARACTERS, idField, isoDate } from './fields.ts';

/** requests.route and requests.reserve_period are varchar(500); notes (text) is held to 2000 like support messages. */
export const REQUEST_TEXT_MAX = 500;
export const REQUEST_NOTES_MAX = 2000;
/** Dates one list of a request may carry (additional or requested dates). */
export const MAX_REQUEST_DATES = 60;

/** Lists may arrive as arrays (JSON) or JSON text (multipart); blanks are dropped. */
const dateList = z
  .preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      if (typeof v === 'string') {
        try {
          return JSON.parse(v) as unknown;
        } catch {
          return v;
        }
      }
      return v;
    },
    z
      .array(z.string({ error: REQUESTS_MSG.dateRequired }), { error: REQUESTS_MSG.dateRequired })
      .max(MAX_REQUEST_DATES, REQUESTS_MSG.tooManyDates),
  )
  .transform((list) => list.map((s) => s.trim()).filter((s) => s.length > 0))
  .pipe(z.array(isoDate));

/** Free text stored in a column of `max` characters (counted after trimming, as stored). */
export const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim() : null))
    .refine((v) => v === null || [...v].length <= max, tooLong);

function tripDays(max: number, message: string) {
  return z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).int(message).min(1, message).max(max, message).nullable(),
  );
}

function requestSchema(tripDaysMax: number, tripDaysMessage: string) {
  return z
    .object({
      type: z.enum(REQUEST_TYPES, { error: REQUESTS_MSG.requestTypeInvalid }),
      date: isoDate,
      additionalDates: dateList,
      desiredDates: dateList,
      routeType: z.enum(ROUTE_TYPES, { error: REQUESTS_MSG.routeTypeRequired }),
      route: optionalText(REQUEST_TEXT_MAX, REQUESTS_MSG.routeTooLong),
      reservePeriod: optionalText(REQUEST_TEXT_MAX, REQUESTS_MSG.reservePeriodTooLong),
      tripDays: tripDays(tripDaysMax, tripDaysMessage).optional().default(1),
      notes: optionalText(REQUEST_NOTES_MAX, REQUESTS_MSG.notesTooLong),
      // The standing rule (docs/decisions/0045). Left out of an edit, it stays as it was; multipart sends text.
      autoAccept: z.preprocess(
        (v) => (v === 'true' ? true : v === 'false' ? false : v === '' || v === null ? undefined : v),
        z.boolean({ error: REQUESTS_MSG.autoAcceptInvalid }).optional(),
      ),
      clientKey: clientKeyField,
    })
    .superRefine((v, ctx) => {
      if (v.routeType === 'pairing' && !v.route) ctx.addIssue({ code: 'custom', path: ['route'], message: REQUESTS_MSG.pairingRequired });
      if (v.routeType === 'reserve_period' && !v.reservePeriod)
        ctx.addIssue({ code: 'custom', path: ['reservePeriod'], message: REQUESTS_MSG.reservePeriodRequired });
      if (v.type === 'trade' && v.desiredDates.length === 0)
        ctx.addIssue({ code: 'custom', path: ['desiredDates'], message: REQUESTS_MSG.tradeNeedsRequestedDate });
    })
    .transform((v) => ({
      ...v,
      // Only the field that matches the route type is kept, so a request never carries both.
      route: v.routeType === 'pairing' ? v.route : null,
      reservePeriod: v.routeType === 'reserve_period' ? v.reservePeriod : null,
      desiredDates: v.type === 'trade' ? v.desiredDates : [],
    }));
}

/** What the server stores: tripDays 1-30 (the stored-data rule). */
export const requestBodySchema = requestSchema(TRIP_DAYS_STORED_MAX, REQUESTS_MSG.tripDaysInvalid);
/** What the form allows: tripDays 1-14. */
export const requestFormSchema = requestSchema(TRIP_DAYS_FORM_MAX, REQUESTS_MSG.tripDaysFormMax);
export type RequestBody = z.infer<typeof requestBodySchema>;
/** The body a client sends to POST/PUT /api/requests (lists may also travel as JSON text in multipart). */
export interface RequestInput {
  type: RequestType;
  date: string;
  additionalDates?: string[];
  desiredDates?: string[];
  routeType: RouteType;
  route?: string | null;
  reservePeriod?: string | null;
  tripDays?: number | string | null;
  notes?: string | null;
  /** "Accept automatically": the standing rule (docs/decisions/0045); left out of an edit, unchanged. */
  autoAccept?: boolean;
  /** Creates only: a retried create with the same key is stored once (fields.ts clientKeyField). */
  clientKey?: string;
}

export const matchStatusSchema = z.object({ status: z.literal('trade_requested', { error: REQUESTS_MSG.matchStatusInvalid }) });
export const acknowledgeSchema = z.object({ matchId: idField(REQUESTS_MSG.matchNotFound) });

/** The longest text the tradeboard's search takes (a pairing or reserve period is at most 500). */
export const BOARD_SEARCH_MAX = 100;

/** A query parameter that may be absent: '' is absent too. */
const absentIfBlank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * GET /api/all-trades' filters (docs/product-spec.md section 2's Filter Requests panel), as query parameters the
 * server applies to every page: date (an exact day: the request's date or an additional date),
 * type (drop, pickup or trade; "all" or absent for every type) and search (pairing or reserve
 * period text, any case). No filter: the whole board, the page the board cache serves.
 */
export const boardFilterSchema = z.object({
  date: z.preprocess(
    absentIfBlank,
    z.string({ error: BOARD_MSG.boardDateInvalid }).refine(isListDay, BOARD_MSG.boardDateInvalid).optional(),
  ),
  type: z.preprocess(
    (v) => (v === 'all' ? undefined : absentIfBlank(v)),
    z.enum(REQUEST_TYPES, { error: REQUESTS_MSG.requestTypeInvalid }).optional(),
  ),
  search: z.preprocess(
    absentIfBlank,
    z
      .string()
      .trim()
      .refine((v) => charCount(v) <= BOARD_SEARCH_MAX, BOARD_MSG.boardSearchTooLong)
      .refine((v) => !CONTROL_CHARACTERS.test(v), COMMON_MSG.controlCharacters)
      .optional(),
  ),
});
export type BoardFilterQuery = z.infer<typeof boardFilterSchema>;

/** GET /api/requests' optional ?status= (the dashboard asks for its active requests only); absent: every status. */
export const ownRequestsFilterSchema = z.object({
  status: z.preprocess(absentIfBlank, z.enum(REQUEST_STATUSES, { error: BOARD_MSG.requestStatusInvalid }).optional()),
});
