// The base's today, on the server (issue 39): a request, an edit or an offer dated before the crew
// member's today at their base is refused with that day named. The base is chosen when the test runs
// so that its today is not UTC's: one a day ahead (Kiritimati, UTC+14, from 10:00 UTC) or a day
// behind (Pago Pago, UTC-11, before 11:00 UTC). A fixed base would only tell the two days apart
// for part of the day (Sydney's today is UTC's until about 13:00 UTC), and a server reading UTC's
// day would pass the rest of the time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datePassedText } from '#protocol/base-day.ts';
import { dayIn, todayUtc } from '#protocol/rules.ts';
import { addDays } from '#protocol/roster-rules.ts';
import { makeUser } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { offerBody } from '../offers/offers.fixtures.ts';
import { requestBody } from './requests.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A base whose today differs from UTC's right now, the later of the two when both do (10:00-11:00 UTC). */
function baseOffUtcDay(): { base: string; zone: string; ahead: boolean } {
  const ahead = { base: 'CXI', zone: 'Pacific/Kiritimati', ahead: true };
  return dayIn(ahead.zone) !== todayUtc() ? ahead : { base: 'PPG', zone: 'Pacific/Pago_Pago', ahead: false };
}

describe('crew based where today is not UTC’s today', () => {
  it('cannot post, edit to or offer on a day that is over at their base; today there is fine', async () => {
    const { base, zone, ahead } = baseOffUtcDay();
    const today = dayIn(zone);
    // The case tells the base's day from UTC's: a day ahead, UTC's today is already over there;
    // a day behind, the base's today is UTC's yesterday, and still fine.
    expect(today).toBe(addDays(todayUtc(), ahead ? 1 : -1));
    const crew = await makeUser(app, { base });
    const colleague = await makeUser(app, { base });
    const yesterday = addDays(today, -1);

    const past = await crew.client.post('/api/requests', requestBody({ date: yesterday }));
    expect([past.status, past.body.message]).toEqual([400, datePassedText(today)]);
    const pastExtra = await crew.client.post('/api/requests', requestBody({ date: today, additionalDates: [yesterday] }));
    expect([pastExtra.status, pastExtra.body.message]).toEqual([400, datePassedText(today)]);

    const posted = await crew.client.post('/api/requests', requestBody({ date: today }));
    expect(posted.status).toBe(201);
    const edit = await crew.client.put(`/api/requests/${posted.body.id}`, requestBody({ date: yesterday }));
    expect([edit.status, edit.body.message]).toEqual([400, datePassedText(today)]);
    // Nothing stored changed.
    const own = (await crew.client.get<{ id: number; date: string }[]>('/api/requests')).body;
    expect(own.find((r) => r.id === posted.body.id)?.date.slice(0, 10)).toBe(today);

    const offer = await colleague.client.post('/api/trade-requests', offerBody(posted.body, { tradeDate: yesterday }));
    expect([offer.status, offer.body.message]).toEqual([400, datePassedText(today)]);
    expect((await colleague.client.post('/api/trade-requests', offerBody(posted.body, { tradeDate: today }))).status).toBe(201);
  });
});
