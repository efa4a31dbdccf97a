// What a standing rule accepts by itself (docs/decisions/0045), case by case.
import { describe, expect, it } from 'vitest';
import { afterRoster, RULE_TEXT, standingRuleStep, type RuleOffer, type RuleRequest } from './standingRule.ts';

const TODAY = '2030-03-01';
const request = (over: Partial<RuleRequest> = {}): RuleRequest => ({
  autoAccept: true,
  status: 'active',
  type: 'drop',
  routeType: 'pairing',
  route: 'ATL900',
  date: '2030-03-03',
  allDates: ['2030-03-03'],
  desiredDates: [],
  lastDate: '2030-03-03',
  updatedAt: '2030-02-01T00:00:00.000Z',
  ...over,
});
const offer = (over: Partial<RuleOffer> = {}): RuleOffer => ({
  status: 'pending',
  requestType: 'pickup',
  tradeDate: '2030-03-03',
  offerRoute: 'none',
  offerReservePeriod: null,
  counterOfId: null,
  createdAt: '2030-02-02T00:00:00.000Z',
  tripDays: 1,
  ...over,
});

describe('standingRuleStep', () => {
  it('does nothing when the rule is off, the request is taken, past or edited since, the offer answered, or a counter', () => {
    expect(standingRuleStep(offer(), request({ autoAccept: false }), TODAY)).toEqual({ kind: 'none' });
    expect(standingRuleStep(offer(), request({ status: 'completed' }), TODAY)).toEqual({ kind: 'none' });
    expect(standingRuleStep(offer(), request(), '2030-03-04')).toEqual({ kind: 'none' });
    expect(standingRuleStep(offer(), request({ updatedAt: '2030-02-03T00:00:00.000Z' }), TODAY)).toEqual({ kind: 'none' });
    expect(standingRuleStep(offer({ status: 'declined' }), request(), TODAY)).toEqual({ kind: 'none' });
    expect(standingRuleStep(offer({ counterOfId: 4 }), request(), TODAY)).toEqual({ kind: 'none' });
  });

  it('a drop: accepts a pickup of the trip as posted on its day, nothing else', () => {
    expect(standingRuleStep(offer(), request(), TODAY)).toEqual({ kind: 'accept' });
    expect(standingRuleStep(offer({ offerRoute: 'atl900' }), request(), TODAY)).toEqual({ kind: 'accept' });
    expect(standingRuleStep(offer({ offerRoute: 'ATL555' }), request(), TODAY)).toEqual({ kind: 'hold', note: RULE_TEXT.asksInReturn });
    expect(standingRuleStep(offer({ tradeDate: '2030-03-05' }), request(), TODAY)).toEqual({ kind: 'hold', note: RULE_TEXT.notYourDays });
    expect(standingRuleStep(offer({ requestType: 'drop' }), request(), TODAY)).toEqual({ kind: 'hold', note: RULE_TEXT.notYourDays });
  });

  it('a pickup: a trip given on its days goes to the roster, its pairing when it names one', () => {
    const pickup = request({ type: 'pickup', route: 'ANY', allDates: ['2030-03-03', '2030-03-04'], lastDate: '2030-03-04' });
    expect(standingRuleStep(offer({ requestType: 'drop', offerRoute: 'BOS1' }), pickup, TODAY)).toEqual({
      kind: 'roster',
      date: '2030-03-03',
      days: 1,
      exactDates: true,
    });
    expect(standingRuleStep(offer({ requestType: 'drop', offerRoute: 'BOS1', tripDays: 3 }), pickup, TODAY)).toMatchObject({
      exactDates: false,
    });
    expect(standingRuleStep(offer({ requestType: 'drop', offerRoute: 'none' }), pickup, TODAY)).toEqual({
      kind: 'hold',
      note: RULE_TEXT.nothingOffered,
    });
    expect(standingRuleStep(offer({ requestType: 'drop', offerRoute: 'BOS1' }), { ...pickup, route: 'BOS2' }, TODAY)).toEqual({
      kind: 'hold',
      note: RULE_TEXT.notYourTrip,
    });
  });

  it('a trade: a trip on a day it asks for goes to the roster; an unknown day is left to the owner', () => {
    const trade = request({ type: 'trade', desiredDates: ['2030-03-10'] });
    expect(standingRuleStep(offer({ requestType: 'trade', offerRoute: 'BOS1', tradeDate: '2030-03-10' }), trade, TODAY)).toMatchObject({
      kind: 'roster',
      date: '2030-03-10',
    });
    expect(standingRuleStep(offer({ requestType: 'trade', offerRoute: 'BOS1', tradeDate: '2030-03-03' }), trade, TODAY)).toEqual({
      kind: 'hold',
      note: RULE_TEXT.dayUnknown,
    });
    expect(standingRuleStep(offer({ requestType: 'trade', offerRoute: 'BOS1', tradeDate: '2030-03-11' }), trade, TODAY)).toEqual({
      kind: 'hold',
      note: RULE_TEXT.notYourDays,
    });
  });

  it('after the roster: free accepts, a conflict holds with its reason, no roster needs the exact days', () => {
    const step = { kind: 'roster' as const, date: '2030-03-03', days: 1, exactDates: false };
    expect(afterRoster(step, { hasRoster: true, ok: true, reasons: [] })).toEqual({ kind: 'accept' });
    expect(afterRoster(step, { hasRoster: true, ok: false, reasons: ['Conflicts with your ATL1234 on Mar 3'] })).toEqual({
      kind: 'hold',
      note: 'Not accepted automatically: Conflicts with your ATL1234 on Mar 3',
    });
    expect(afterRoster(step, { hasRoster: false, ok: true, reasons: [] })).toEqual({ kind: 'hold', note: RULE_TEXT.noRosterInexact });
    expect(afterRoster({ ...step, exactDates: true }, { hasRoster: false, ok: true, reasons: [] })).toEqual({ kind: 'accept' });
  });
});
