// Each notice names its match, and match mail never floods (issue 39, part 4; docs/decisions/0042):
// bell items name their own day and trip; several matches of one request in one commit are one
// mail; a reader gets at most three match mails an hour about one request, the rest held for one
// mail later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories.ts';
import { readOutbox, sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { waitFor } from '../../test/wait-for.ts';
import { freshGroup, postRequest } from '../offers/offers.fixtures.ts';
import { inDays } from '../requests/requests.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const shortDay = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const idle = () => app.server.deps.outbox.idle();

describe('match notices', () => {
  it('six drops meeting a six-day pickup: six bell items each naming its own day and trip, one mail naming the days', async () => {
    const group = freshGroup();
    const liam = await makeUser(app, { ...group, firstName: 'Liam', lastName: 'Brennan' });
    const maya = await makeUser(app, { ...group, firstName: 'Maya', lastName: 'Chen' });
    const days = [20, 21, 22, 23, 24, 25].map((n) => inDays(n));
    for (const [i, d] of days.entries()) await postRequest(maya, { type: 'drop', date: d, route: `ATL12${i}` });
    await idle();
    const before = (await readOutbox(app.databaseUrl, liam.email)).length;
    await postRequest(liam, { type: 'pickup', date: days[0], additionalDates: days.slice(1), route: 'ANY' });
    const bell = (await liam.client.get<{ message: string }[]>('/api/notifications')).body.map((n) => n.message).sort();
    expect(bell).toEqual(days.map((d, i) => `Maya Chen's drop on ${shortDay(d)} (ATL12${i}) matches your pickup`).sort());
    await idle();
    const mails = (await readOutbox(app.databaseUrl, liam.email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`${shortDay(days[0]!)}-${Number(days[5]!.slice(8, 10))}`);
  });

  it('twenty drops posted one by one on a pickup’s day: at most three mails now, the rest held and sent later as one', async () => {
    const group = freshGroup();
    const liam = await makeUser(app, { ...group, firstName: 'Liam', lastName: 'Brennan' });
    const maya = await makeUser(app, { ...group, firstName: 'Maya', lastName: 'Chen' });
    const day = inDays(10);
    const pickup = await postRequest(liam, { type: 'pickup', date: day, route: 'ANY' });
    for (let i = 0; i < 20; i++) {
      await postRequest(maya, { type: 'drop', date: day, route: `ATL30${i}` });
      await idle();
    }
    await idle();
    expect(await readOutbox(app.databaseUrl, liam.email)).toHaveLength(3);
    // The bell still lists every one.
    expect((await liam.client.get<unknown[]>('/api/notifications')).body.length).toBeGreaterThanOrEqual(20);
    // The held rows are due together when the hour frees a point (not each a fixed while after its
    // own refusal, which brought them back one claim at a time, each taking a point).
    const due = await sql<{ inMs: number }>(
      app.databaseUrl,
      `select extract(epoch from next_attempt_at - now()) * 1000 as "inMs" from notification_outbox
       where sent_at is null and failed_at is null and recipient_id = $1`,
      [liam.user.id],
    );
    expect(due).toHaveLength(17);
    const inMs = due.map((d) => Number(d.inMs));
    expect(Math.max(...inMs) - Math.min(...inMs)).toBeLessThan(5_000);
    expect(Math.min(...inMs)).toBeGreaterThan(50 * 60_000);
    expect(Math.max(...inMs)).toBeLessThanOrEqual(60 * 60_000);
    // An hour on (the held rows due, the hour's count spent): the other seventeen are one mail.
    await sql(
      app.databaseUrl,
      `update notification_outbox set next_attempt_at = now() where sent_at is null and failed_at is null and recipient_id = $1`,
      [liam.user.id],
    );
    await app.server.deps.limits.reset('matchMail', `${liam.user.id}:${pickup.id}`);
    await waitFor(async () => {
      app.server.deps.outbox.wake();
      await idle();
      return (await readOutbox(app.databaseUrl, liam.email)).length >= 4 || undefined;
    });
    expect(await readOutbox(app.databaseUrl, liam.email)).toHaveLength(4);
  });
});
