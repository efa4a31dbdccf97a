// The trips the roster is asked about: an offer's Accept, one's own new request.
import { describe, expect, it } from 'vitest';
import { tripOfCounter, tripOfOffer, tripOfOwnRequest } from './rosterTrips.ts';

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

describe('counter-offers (docs/decisions/0045)', () => {
  const OWNER = 5;
  const OTHER = 6;
  const request = { userId: OWNER, type: 'drop' as const, date: '2099-12-08', tripDays: 2 };

  it('accepting the owner’s counter, the other party flies the owner’s trip, not their own it names', () => {
    const counter = offer({ requestType: 'pickup', counterOfId: 1, fromUserId: OWNER, request });
    expect(tripOfOffer(counter)).toEqual({ date: '2099-12-08', days: 2 });
    // Their offer only dropped their trip on the owner's pickup: they fly nothing.
    expect(tripOfOffer({ ...counter, requestType: 'drop', request: { ...request, type: 'pickup' } })).toBeNull();
  });

  it('accepting a counter from the other party reads like any offer: the trip it names', () => {
    expect(tripOfOffer(offer({ requestType: 'trade', counterOfId: 1, fromUserId: OTHER, request }))).toEqual({
      date: '2099-12-16',
      days: 3,
    });
  });

  it('the owner countering flies the trip they ask for, once its day is whole, unless they ask for none', () => {
    const original = { requestType: 'pickup' as const, request };
    expect(tripOfCounter(original, OWNER, { tradeDate: '2099-12-12', trip: 'OGG300' })).toEqual({ date: '2099-12-12', days: 1 });
    expect(tripOfCounter(original, OWNER, { tradeDate: '2099-12', trip: 'OGG300' })).toBeNull();
    expect(tripOfCounter(original, OWNER, { tradeDate: '2099-12-12', trip: 'none' })).toBeNull();
  });

  it('the other party countering back flies the owner’s trip, as their first offer would have', () => {
    const ownersCounter = { requestType: 'pickup' as const, request };
    expect(tripOfCounter(ownersCounter, OTHER, { tradeDate: '2099-12-20', trip: 'OGG500' })).toEqual({ date: '2099-12-08', days: 2 });
    expect(tripOfCounter({ ...ownersCounter, requestType: 'drop' }, OTHER, { tradeDate: '2099-12-20', trip: 'OGG500' })).toBeNull();
    expect(tripOfCounter({ requestType: 'pickup', request: null }, OTHER, { tradeDate: '2099-12-20', trip: 'OGG500' })).toBeNull();
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
