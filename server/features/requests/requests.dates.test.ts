// The base's today, on the server (issue 39): a request, an edit or an offer dated before the crew
// member's today at their base is refused with that day named, for a base ahead of UTC and one behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datePassedText } from '#protocol/base-day.ts';
import { dayIn } from '#protocol/rules.ts';
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

describe.each([
  ['SYD', 'Australia/Sydney'],
  ['HNL', 'Pacific/Honolulu'],
])('crew based at %s', (base, zone) => {
  it('cannot post, edit to or offer on a day that is over at their base; today there is fine', async () => {
    const crew = await makeUser(app, { base });
    const colleague = await makeUser(app, { base });
    const today = dayIn(zone);
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
