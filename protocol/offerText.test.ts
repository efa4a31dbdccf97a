import { describe, expect, it } from 'vitest';
import type { RequestType, RouteType } from './enums.ts';
import {
  isMessageOffer,
  offerAnswerSentence,
  offerExchange,
  offerSentence,
  offerTrips,
  shortDate,
  standingRuleSentence,
  type OfferFacts,
} from './offerText.ts';

const names = { from: 'Liam Brennan', to: 'Maya Okafor' };

/**
 * Maya's request (ATL4999 or reserve R1, Dec 16) and Liam's offer on it: ATL4800 (or reserve R2),
 * or "none". A drop is dated the day Liam gives his trip (Dec 16, the day Maya wants); a trade is
 * dated the day of Liam's trip (Dec 18), as the dialog asks.
 */
function offer(type: RequestType, routeType: RouteType, offered: boolean): OfferFacts {
  const reserve = routeType === 'reserve_period';
  const mine = offered ? (reserve ? 'R2 1200-2359' : 'ATL4800') : 'none';
  return {
    requestType: type,
    requestId: 7,
    tradeDate: type === 'trade' ? '2026-12-18' : '2026-12-16',
    offerRoute: reserve ? null : mine,
    offerReservePeriod: reserve ? mine : null,
    request: {
      routeType,
      route: reserve ? null : 'ATL4999',
      reservePeriod: reserve ? 'R1 0500-1700' : null,
      date: '2026-12-16',
      additionalDates: [],
    },
    senderRequest: null,
  };
}

// Every (type, side, route type, with or without an offered trip) and the sentence its reader sees.
const CASES: [RequestType, RouteType, boolean, string, string][] = [
  [
    'pickup',
    'pairing',
    true,
    'Liam Brennan wants to pick up your ATL4999 (Dec 16) and offers their ATL4800 in exchange',
    "You offered to pick up Maya Okafor's ATL4999 (Dec 16) and give your ATL4800 in exchange",
  ],
  [
    'pickup',
    'pairing',
    false,
    'Liam Brennan wants to pick up your ATL4999 (Dec 16)',
    "You offered to pick up Maya Okafor's ATL4999 (Dec 16)",
  ],
  [
    'pickup',
    'reserve_period',
    true,
    'Liam Brennan wants to pick up your reserve period R1 0500-1700 (Dec 16) and offers their reserve period R2 1200-2359 in exchange',
    "You offered to pick up Maya Okafor's reserve period R1 0500-1700 (Dec 16) and give your reserve period R2 1200-2359 in exchange",
  ],
  [
    'pickup',
    'reserve_period',
    false,
    'Liam Brennan wants to pick up your reserve period R1 0500-1700 (Dec 16)',
    "You offered to pick up Maya Okafor's reserve period R1 0500-1700 (Dec 16)",
  ],
  [
    'drop',
    'pairing',
    true,
    'Liam Brennan wants to give you their ATL4800 (Dec 16)',
    'You offered to give Maya Okafor your ATL4800 (Dec 16)',
  ],
  ['drop', 'pairing', false, 'Liam Brennan wants to give you a pairing (Dec 16)', 'You offered to give Maya Okafor a pairing (Dec 16)'],
  [
    'drop',
    'reserve_period',
    true,
    'Liam Brennan wants to give you their reserve period R2 1200-2359 (Dec 16)',
    'You offered to give Maya Okafor your reserve period R2 1200-2359 (Dec 16)',
  ],
  [
    'drop',
    'reserve_period',
    false,
    'Liam Brennan wants to give you a reserve period (Dec 16)',
    'You offered to give Maya Okafor a reserve period (Dec 16)',
  ],
  [
    'trade',
    'pairing',
    true,
    'Liam Brennan offers their ATL4800 (Dec 18) for your ATL4999 (Dec 16)',
    "You offered your ATL4800 (Dec 18) for Maya Okafor's ATL4999 (Dec 16)",
  ],
  [
    'trade',
    'pairing',
    false,
    'Liam Brennan wants to trade for your ATL4999 (Dec 16)',
    "You offered to trade for Maya Okafor's ATL4999 (Dec 16)",
  ],
  [
    'trade',
    'reserve_period',
    true,
    'Liam Brennan offers their reserve period R2 1200-2359 (Dec 18) for your reserve period R1 0500-1700 (Dec 16)',
    "You offered your reserve period R2 1200-2359 (Dec 18) for Maya Okafor's reserve period R1 0500-1700 (Dec 16)",
  ],
  [
    'trade',
    'reserve_period',
    false,
    'Liam Brennan wants to trade for your reserve period R1 0500-1700 (Dec 16)',
    "You offered to trade for Maya Okafor's reserve period R1 0500-1700 (Dec 16)",
  ],
];

describe('offerSentence', () => {
  it.each(CASES)('%s of a %s, offered trip %s', (type, routeType, offered, received, sent) => {
    const o = offer(type, routeType, offered);
    expect(offerSentence(o, 'received', names)).toBe(received);
    expect(offerSentence(o, 'sent', names)).toBe(sent);
  });

  it('covers every type, route type and offered-or-not once', () => {
    const keys = new Set(CASES.map(([t, r, o]) => `${t}/${r}/${o}`));
    expect(keys.size).toBe(3 * 2 * 2);
  });

  it('never calls the sender’s trip the reader’s on the received side (the bug docs/decisions/0025 fixed)', () => {
    for (const [type, routeType] of CASES) {
      const text = offerSentence(offer(type, routeType, true), 'received', names);
      expect(text).not.toMatch(/your (ATL4800|reserve period R2)/);
      expect(text).not.toMatch(/(their|Liam Brennan's) (ATL4999|reserve period R1)/);
    }
  });

  it('a message-only offer reads as a message asking to trade, on both sides', () => {
    const o: OfferFacts = { ...offer('pickup', 'pairing', true), requestId: null, request: null, offerRoute: null, tradeDate: null };
    expect(isMessageOffer(o)).toBe(true);
    expect(offerSentence(o, 'received', names)).toBe('Liam Brennan sent you a message asking to trade');
    expect(offerSentence(o, 'sent', names)).toBe('You sent Maya Okafor a message asking to trade');
    expect(offerAnswerSentence(o, 'declined', names)).toBe('Maya Okafor dismissed your message asking to trade');
  });

  it('a request deleted since keeps the offer readable by its date', () => {
    const o: OfferFacts = { ...offer('pickup', 'pairing', true), requestId: null, request: null };
    expect(isMessageOffer(o)).toBe(false);
    expect(offerSentence(o, 'received', names)).toBe(
      'Liam Brennan wants to pick up your pairing (Dec 16) and offers their ATL4800 in exchange',
    );
  });

  it('takes the offered trip’s day from the sender’s trade request when sent on a match', () => {
    const o: OfferFacts = {
      ...offer('trade', 'pairing', true),
      tradeDate: '2026-12-16',
      senderRequest: { type: 'trade', date: '2026-12-20' },
    };
    expect(offerSentence(o, 'received', names)).toBe('Liam Brennan offers their ATL4800 (Dec 20) for your ATL4999 (Dec 16)');
  });

  it('names the day traded when the recipient’s request spans several', () => {
    const o = offer('pickup', 'pairing', false);
    o.request = { ...o.request!, additionalDates: ['2026-12-17'] };
    o.tradeDate = '2026-12-17';
    expect(offerSentence(o, 'received', names)).toBe('Liam Brennan wants to pick up your ATL4999 (Dec 17)');
    expect(offerTrips(o).recipients.date).toBe('2026-12-17');
  });
});

describe('offerAnswerSentence', () => {
  it.each([
    ['pickup', true, 'accepted', 'Maya Okafor accepted your offer to pick up their ATL4999 (Dec 16) for your ATL4800'],
    ['pickup', false, 'declined', 'Maya Okafor declined your offer to pick up their ATL4999 (Dec 16)'],
    ['drop', true, 'accepted', 'Maya Okafor accepted your offer to give them your ATL4800 (Dec 16)'],
    ['drop', false, 'declined', 'Maya Okafor declined your offer to give them a pairing (Dec 16)'],
    ['trade', true, 'accepted', 'Maya Okafor accepted your ATL4800 (Dec 18) for their ATL4999 (Dec 16)'],
    ['trade', false, 'declined', 'Maya Okafor declined your offer to trade for their ATL4999 (Dec 16)'],
  ] as const)('%s, offered trip %s, %s', (type, offered, status, text) => {
    expect(offerAnswerSentence(offer(type, 'pairing', offered), status, names)).toBe(text);
  });
});

describe('shortDate', () => {
  it('reads an ISO day without a time zone', () => {
    expect(shortDate('2026-01-01')).toBe('Jan 1');
    expect(shortDate('2026-12-31')).toBe('Dec 31');
  });
});

describe('offerExchange: the mail lines, who gives what to whom as the recipient (Maya) reads them', () => {
  it.each([
    ['pickup', 'pairing', true, 'Liam Brennan offers you their ATL4800', 'You give Liam Brennan your ATL4999 (Dec 16)'],
    ['pickup', 'pairing', false, 'Liam Brennan offers nothing in return', 'You give Liam Brennan your ATL4999 (Dec 16)'],
    [
      'pickup',
      'reserve_period',
      true,
      'Liam Brennan offers you their reserve period R2 1200-2359',
      'You give Liam Brennan your reserve period R1 0500-1700 (Dec 16)',
    ],
    ['drop', 'pairing', true, 'Liam Brennan offers you their ATL4800 (Dec 16)', 'You give nothing in return'],
    ['drop', 'pairing', false, 'Liam Brennan offers you a pairing (Dec 16)', 'You give nothing in return'],
    ['drop', 'reserve_period', true, 'Liam Brennan offers you their reserve period R2 1200-2359 (Dec 16)', 'You give nothing in return'],
    ['trade', 'pairing', true, 'Liam Brennan offers you their ATL4800 (Dec 18)', 'You give Liam Brennan your ATL4999 (Dec 16)'],
    ['trade', 'pairing', false, 'Liam Brennan offers nothing in return', 'You give Liam Brennan your ATL4999 (Dec 16)'],
  ] as const)('%s of a %s, offered trip %s', (type, routeType, offered, youGet, youGive) => {
    expect(offerExchange(offer(type, routeType, offered), names)).toEqual({ youGet, youGive });
  });

  it('a drop offered on a pickup request: the recipient gives nothing, and their request is not called their trip', () => {
    // Maya asked to pick up "Any 2-4 day" on Dec 1; Liam offers his ATL4555 that day.
    const o: OfferFacts = {
      ...offer('drop', 'pairing', true),
      tradeDate: '2026-12-01',
      offerRoute: 'ATL4555',
      request: { routeType: 'pairing', route: 'Any 2-4 day', reservePeriod: null, date: '2026-12-01', additionalDates: [] },
    };
    expect(offerExchange(o, names)).toEqual({
      youGet: 'Liam Brennan offers you their ATL4555 (Dec 1)',
      youGive: 'You give nothing in return',
    });
    expect(Object.values(offerExchange(o, names)).join(' ')).not.toContain('Any 2-4 day');
  });
});

describe('counter-offers and standing rules (docs/decisions/0045)', () => {
  const names = { from: 'Cora', to: 'Liam' };
  const base: OfferFacts = {
    requestType: 'trade',
    requestId: 7,
    tradeDate: '2026-12-12',
    offerRoute: 'OGG300',
    offerReservePeriod: null,
    request: { routeType: 'pairing', route: 'OGG100', reservePeriod: null, date: '2026-12-08', additionalDates: [], userId: 1 },
    senderRequest: null,
    counterOfId: 5,
    fromUserId: 1,
  };
  it('reads a counter from the request owner from both sides', () => {
    expect(offerSentence(base, 'received', names)).toBe('Cora asks for your OGG300 (Dec 12) instead, for their OGG100 (Dec 8)');
    expect(offerSentence(base, 'sent', names)).toBe("You asked for Liam's OGG300 (Dec 12) instead, for your OGG100 (Dec 8)");
  });
  it('reads a counter back from the other party', () => {
    const back = { ...base, fromUserId: 2 };
    expect(offerSentence(back, 'received', { from: 'Liam', to: 'Cora' })).toBe(
      'Liam offers their OGG300 (Dec 12) instead, for your OGG100 (Dec 8)',
    );
    expect(offerAnswerSentence(base, 'accepted', names)).toBe(
      "Liam accepted your counter-offer: you asked for Liam's OGG300 (Dec 12) instead, for your OGG100 (Dec 8)",
    );
  });
  it('names no trip of the owner on a pickup', () => {
    const pickup = { ...base, requestType: 'drop' as const };
    expect(offerSentence(pickup, 'received', names)).toBe('Cora asks for your OGG300 (Dec 12) instead');
  });
  it('tells the owner what their standing rule did', () => {
    const taken: OfferFacts = {
      ...base,
      requestType: 'pickup',
      offerRoute: 'none',
      tradeDate: '2026-12-03',
      counterOfId: null,
      request: { ...base.request!, route: 'ATL900', date: '2026-12-03' },
    };
    expect(standingRuleSentence(taken, { from: 'Bea' })).toBe('Your drop of ATL900 on Dec 3 was taken by Bea');
  });
});
