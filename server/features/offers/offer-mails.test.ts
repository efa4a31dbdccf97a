// The variables of the offer mails (offerMailVars), as the recipient reads them: the lines that say who
// gives what to whom, and every variable docs/product-spec.md lists for the templates, in each of the three cases.
import { describe, expect, it } from 'vitest';
import type { OfferItem, TradeRequestItem } from '#protocol/shapes.ts';
import { offerMailVars } from './offer-mails.ts';

const maya = { firstName: 'Maya', lastName: 'Okafor' };
const liam = { firstName: 'Liam', lastName: 'Brennan', base: 'ATL', position: 'first_officer', employeeNumber: 'L-77' };

/** Maya's request and Liam's offer on it. */
function offer(requestType: OfferItem['requestType'], request: Partial<TradeRequestItem>, over: Partial<OfferItem> = {}): OfferItem {
  return {
    requestType,
    requestId: 7,
    request: {
      routeType: 'pairing',
      route: null,
      reservePeriod: null,
      additionalDates: [],
      desiredDates: [],
      ...request,
    } as TradeRequestItem,
    senderRequestId: null,
    senderRequest: null,
    tradeDate: null,
    offerRoute: null,
    offerReservePeriod: null,
    message: 'Message from Liam',
    ...over,
  } as OfferItem;
}

/** The sender's part of every case: Liam, the colleague the mail is about. */
const LIAM = {
  senderName: 'Liam Brennan',
  base: 'ATL',
  position: 'First officer',
  employeeNumber: 'L-77',
  matchedUserName: 'Liam Brennan',
  matchedBase: 'ATL',
  matchedPosition: 'First officer',
  matchedEmployeeNumber: 'L-77',
};

describe('offerMailVars', () => {
  it('a drop offered on a pickup request: Liam gives his ATL4555, Maya gives nothing', () => {
    const o = offer(
      'drop',
      { type: 'pickup', date: '2099-12-01', route: 'Any 2-4 day' },
      { tradeDate: '2099-12-01', offerRoute: 'ATL4555' },
    );
    expect(offerMailVars(o, maya, liam)).toMatchObject({
      ...LIAM,
      recipientName: 'Maya Okafor',
      summary: 'Liam Brennan wants to give you their ATL4555 (Dec 1)',
      youGet: 'Liam Brennan offers you their ATL4555 (Dec 1)',
      youGive: 'You give nothing in return',
      yourTrip: 'nothing',
      offeredTrip: 'ATL4555 (Dec 1)',
      route: 'ATL4555',
      date: 'Dec 1, 2099',
      userAction: 'pick up',
      userRoute: 'Any 2-4 day',
      userDate: 'Dec 1, 2099',
      matchedAction: 'drop',
      matchedRoute: 'ATL4555',
      matchedDate: 'Dec 1, 2099',
    });
  });

  it('a pickup offered on a drop: Maya gives her ATL4999, Liam offers his ATL4800 in return', () => {
    const o = offer('pickup', { type: 'drop', date: '2099-12-16', route: 'ATL4999' }, { tradeDate: '2099-12-16', offerRoute: 'ATL4800' });
    expect(offerMailVars(o, maya, liam)).toMatchObject({
      ...LIAM,
      summary: 'Liam Brennan wants to pick up your ATL4999 (Dec 16) and offers their ATL4800 in exchange',
      youGet: 'Liam Brennan offers you their ATL4800',
      youGive: 'You give Liam Brennan your ATL4999 (Dec 16)',
      yourTrip: 'ATL4999 (Dec 16)',
      offeredTrip: 'ATL4800',
      route: 'ATL4999',
      date: 'Dec 16, 2099',
      userAction: 'drop',
      userRoute: 'ATL4999',
      userDate: 'Dec 16, 2099',
      // Liam wants to pick up Maya's trip (never "pick up ATL4800").
      matchedAction: 'pick up',
      matchedRoute: 'ATL4999',
      matchedDate: 'Dec 16, 2099',
    });
  });

  it('a trade for a trade: each gives their own', () => {
    const o = offer(
      'trade',
      { type: 'trade', date: '2099-12-16', route: 'ATL4999', desiredDates: ['2099-12-18'] },
      { tradeDate: '2099-12-18', offerRoute: 'ATL4800' },
    );
    expect(offerMailVars(o, maya, liam)).toMatchObject({
      ...LIAM,
      summary: 'Liam Brennan offers their ATL4800 (Dec 18) for your ATL4999 (Dec 16)',
      youGet: 'Liam Brennan offers you their ATL4800 (Dec 18)',
      youGive: 'You give Liam Brennan your ATL4999 (Dec 16)',
      route: 'ATL4999',
      date: 'Dec 16, 2099',
      userAction: 'trade',
      userRoute: 'ATL4999',
      userDate: 'Dec 16, 2099',
      matchedAction: 'trade',
      matchedRoute: 'ATL4800',
      matchedDate: 'Dec 18, 2099',
    });
  });

  it('a message asking to trade names no trip; the spec’s variables are still filled (with nothing where there is no trip)', () => {
    const o = offer('pickup', {}, { requestId: null, request: null, message: 'Any trips on the 16th?' });
    const vars = offerMailVars(o, maya, liam);
    expect(vars).toMatchObject({ ...LIAM, summary: 'Liam Brennan sent you a message asking to trade', message: 'Any trips on the 16th?' });
    expect(vars).not.toHaveProperty('youGive');
  });
});
