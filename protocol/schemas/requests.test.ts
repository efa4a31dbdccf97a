import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { requestBodySchema, requestFormSchema } from './requests.ts';

const base = { type: 'drop', date: '2026-12-01', routeType: 'pairing', route: 'ATL1234' };
const firstMessage = (schema: typeof requestBodySchema, body: unknown) => {
  const r = schema.safeParse(body);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('request rules', () => {
  it('accepts a plain drop and defaults tripDays to 1', () => {
    const r = requestBodySchema.parse(base);
    expect(r).toMatchObject({
      type: 'drop',
      date: '2026-12-01',
      route: 'ATL1234',
      reservePeriod: null,
      tripDays: 1,
      additionalDates: [],
      desiredDates: [],
    });
  });

  it.each([
    [{ date: '' }, MSG.dateRequired],
    [{ date: '2026-02-30' }, MSG.dateRequired],
    [{ date: undefined }, MSG.dateRequired],
    [{ routeType: undefined }, MSG.routeTypeRequired],
    [{ route: '   ' }, MSG.pairingRequired],
    [{ routeType: 'reserve_period', route: undefined }, MSG.reservePeriodRequired],
    [{ type: 'trade' }, MSG.tradeNeedsRequestedDate],
    [{ type: 'trade', desiredDates: ['', '  '] }, MSG.tradeNeedsRequestedDate],
    [{ type: 'swap' }, MSG.requestTypeInvalid],
  ])('%o → %s', (override, message) => {
    expect(firstMessage(requestBodySchema, { ...base, ...override })).toBe(message);
  });

  it('keeps tripDays 1-30 when stored and 1-14 in the form', () => {
    expect(requestBodySchema.parse({ ...base, tripDays: 30 }).tripDays).toBe(30);
    expect(firstMessage(requestBodySchema, { ...base, tripDays: 31 })).toBe(MSG.tripDaysInvalid);
    expect(firstMessage(requestBodySchema, { ...base, tripDays: 0 })).toBe(MSG.tripDaysInvalid);
    expect(firstMessage(requestBodySchema, { ...base, tripDays: 2.5 })).toBe(MSG.tripDaysInvalid);
    expect(firstMessage(requestFormSchema, { ...base, tripDays: 15 })).toBe(MSG.tripDaysFormMax);
    expect(requestFormSchema.parse({ ...base, tripDays: '14' }).tripDays).toBe(14);
    expect(requestBodySchema.parse({ ...base, tripDays: '' }).tripDays).toBeNull();
  });

  it('drops blank additional dates and reads lists sent as JSON text (multipart)', () => {
    const r = requestBodySchema.parse({ ...base, additionalDates: JSON.stringify(['2026-12-02', '', ' ']) });
    expect(r.additionalDates).toEqual(['2026-12-02']);
  });

  it('keeps only the text of the chosen route type, and desired dates only for trades', () => {
    const r = requestBodySchema.parse({
      ...base,
      routeType: 'reserve_period',
      reservePeriod: 'R1',
      route: 'ignored',
      desiredDates: ['2026-12-05'],
    });
    expect(r.route).toBeNull();
    expect(r.reservePeriod).toBe('R1');
    expect(r.desiredDates).toEqual([]);
  });
});
