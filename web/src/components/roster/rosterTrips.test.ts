// The trips the roster is asked about: an offer's Accept, one's own new request.
import { describe, expect, it } from 'vitest';
import { tripOfOffer, tripOfOwnRequest } from './rosterTrips.ts';

const offer = (over: Partial<Parameters<typeof tripOfOffer>[0]> = {}) => ({
  requestType: 'drop' as const,
  tradeDate: '2099-12-16',
  offerTripDays: 3,
  requestId: 4,
  offerRoute: 'DAL555',
  offerReservePeriod: null,
  ...over,
});

describe('tripOfOffer', () => {
  it('is the offered trip when the sender drops or trades it to the user', () => {
    expect(tripOfOffer(offer())).toEqual({ date: '2099-12-16', days: 3 });
    expect(tripOfOffer(offer({ requestType: 'trade', offerTripDays: null }))).toEqual({ date: '2099-12-16', days: 1 });
    expect(tripOfOffer(offer({ tradeDate: '2099-12-16T00:00:00.000Z' }))).toEqual({ date: '2099-12-16', days: 3 });
  });

  it('is nothing when the sender picks up the user’s trip, without a date, or for a message asking to trade', () => {
    expect(tripOfOffer(offer({ requestType: 'pickup' }))).toBeNull();
    expect(tripOfOffer(offer({ tradeDate: null }))).toBeNull();
    expect(tripOfOffer(offer({ requestId: null, offerRoute: null }))).toBeNull();
  });
});

describe('tripOfOwnRequest', () => {
  const form = (over: Partial<Parameters<typeof tripOfOwnRequest>[0]> = {}) => ({
    type: 'pickup' as const,
    date: '2099-12-16',
    desiredDates: [] as string[],
    tripDays: '2',
    ...over,
  });

  it('a pickup: its date and the form’s trip days (one when not chosen)', () => {
    expect(tripOfOwnRequest(form())).toEqual({ date: '2099-12-16', days: 2 });
    expect(tripOfOwnRequest(form({ tripDays: '' }))).toEqual({ date: '2099-12-16', days: 1 });
  });

  it('a trade: its first whole requested date, not the date it gives away', () => {
    expect(tripOfOwnRequest(form({ type: 'trade', desiredDates: ['', '2099-12-20', '2099-12-21'] }))).toEqual({
      date: '2099-12-20',
      days: 2,
    });
    expect(tripOfOwnRequest(form({ type: 'trade', desiredDates: [''] }))).toBeNull();
  });

  it('a drop gives a trip away: nothing to ask; nor before a date is given', () => {
    expect(tripOfOwnRequest(form({ type: 'drop' }))).toBeNull();
    expect(tripOfOwnRequest(form({ date: '' }))).toBeNull();
  });
});
