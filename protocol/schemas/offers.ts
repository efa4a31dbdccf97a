import { z } from 'zod';
import { OFFER_STATUSES, REQUEST_TYPES, type RequestType, type RouteType } from '../enums.ts';
import { OFFERS_MSG } from '../messages/offers.ts';
import { REQUESTS_MSG } from '../messages/requests.ts';
import { clientKeyField, idField, isoDate } from './fields.ts';
import { optionalText, REQUEST_NOTES_MAX, REQUEST_TEXT_MAX } from './requests.ts';

/**
 * POST /api/trade-requests as the server reads it (JSON, or multipart with the same fields). The
 * rules that depend on the target request (its route type, whether it is a trade) are the
 * service's: this schema cannot see the request. The profile page sends only toUserId and message.
 */
export const offerBodySchema = z
  .object({
    toUserId: idField(OFFERS_MSG.offerRecipientInvalid),
    requestId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idField(REQUESTS_MSG.requestNotFound).optional()),
    tradeDate: z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDate.optional()),
    offerRoute: optionalText(REQUEST_TEXT_MAX, REQUESTS_MSG.routeTooLong),
    offerReservePeriod: optionalText(REQUEST_TEXT_MAX, REQUESTS_MSG.reservePeriodTooLong),
    requestType: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(REQUEST_TYPES, { error: OFFERS_MSG.offerTypeInvalid }).default('pickup'),
    ),
    message: optionalText(REQUEST_NOTES_MAX, OFFERS_MSG.offerMessageTooLong),
    clientKey: clientKeyField,
  })
  .strip();
export type OfferBody = z.infer<typeof offerBodySchema>;

/** The body a client sends (numbers may also travel as text in multipart). */
export interface OfferInput {
  toUserId: number;
  requestId?: number;
  tradeDate?: string;
  offerRoute?: string | null;
  offerReservePeriod?: string | null;
  requestType?: RequestType;
  message?: string | null;
  /** A retried send with the same key is stored once (fields.ts clientKeyField). */
  clientKey?: string;
}

/**
 * POST /api/trade-requests/{id}/counter (docs/decisions/0045): the original sender's trip the
 * recipient asks for instead (its day and pairing or reserve period), and a note. The request and
 * the type stay the offer's; which of the two trip fields is required is the request's route type,
 * checked by the service as for an offer.
 */
export const counterBodySchema = z
  .object({
    tradeDate: z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : v), isoDate.optional()),
    offerRoute: optionalText(REQUEST_TEXT_MAX, REQUESTS_MSG.routeTooLong),
    offerReservePeriod: optionalText(REQUEST_TEXT_MAX, REQUESTS_MSG.reservePeriodTooLong),
    message: optionalText(REQUEST_NOTES_MAX, OFFERS_MSG.offerMessageTooLong),
    clientKey: clientKeyField,
  })
  .strip();
export type CounterBody = z.infer<typeof counterBodySchema>;

/** The body a client sends to counter an offer. */
export interface CounterInput {
  tradeDate: string;
  offerRoute?: string | null;
  offerReservePeriod?: string | null;
  message?: string | null;
  clientKey?: string;
}

/** PUT /api/trade-requests/{id}: only an answer; pending is not a choice. */
export const offerStatusSchema = z.object({
  status: z.enum(OFFER_STATUSES.filter((s) => s !== 'pending') as ['accepted', 'declined'], { error: OFFERS_MSG.offerStatusInvalid }),
});
export type OfferStatusBody = z.infer<typeof offerStatusSchema>;

/**
 * The Request Trade dialog (docs/product-spec.md section 5) for a target request of `routeType`: date required,
 * the offered pairing (pairing) or reserve period (reserve_period) required after trimming.
 * The server applies the same rule in the service, where it knows the request.
 */
export function offerFormSchema(routeType: RouteType) {
  return z
    .object({
      tradeDate: isoDate,
      offerRoute: z.string().trim(),
      offerReservePeriod: z.string().trim(),
      requestType: z.enum(REQUEST_TYPES, { error: OFFERS_MSG.offerTypeInvalid }),
      message: z.string().trim().max(REQUEST_NOTES_MAX, OFFERS_MSG.offerMessageTooLong),
    })
    .superRefine((v, ctx) => {
      if (routeType === 'pairing' && !v.offerRoute)
        ctx.addIssue({ code: 'custom', path: ['offerRoute'], message: REQUESTS_MSG.pairingRequired });
      if (routeType === 'reserve_period' && !v.offerReservePeriod)
        ctx.addIssue({ code: 'custom', path: ['offerReservePeriod'], message: REQUESTS_MSG.reservePeriodRequired });
    });
}

/** The type choices of the dialog: drop and pickup, plus trade only when the target request is a trade. */
export const offerTypeChoices = (targetType: RequestType): RequestType[] =>
  targetType === 'trade' ? ['drop', 'pickup', 'trade'] : ['drop', 'pickup'];

/** On a received offer the shown type is the opposite of the request type (docs/product-spec.md section 4). */
export const shownOfferType = (requestType: RequestType, received: boolean): RequestType =>
  !received ? requestType : requestType === 'drop' ? 'pickup' : requestType === 'pickup' ? 'drop' : 'trade';
