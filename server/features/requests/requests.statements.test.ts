// The statements a create sends to PostgreSQL, counted at the driver (docs/decisions/0033): each is a
// round trip and a socket write, and with its building and decoding most of a create's CPU.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_REQUESTS } from '#protocol/limits.ts';
import { MSG } from '#protocol/messages.ts';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { inDays, requestBody } from './requests.fixtures.ts';

/** The texts the app's connections send while `recording` is set (the app's pool wraps each client's query at connect). */
const sent: string[] = [];
let recording = false;
const query = pg.Client.prototype.query;
// Patched before the app starts, so every pooled client's query goes through it.
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [q] = args;
  if (recording) sent.push(typeof q === 'string' ? q : ((q as { text?: string }).text ?? 'non-text'));
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

let app: TestApp;
let poster: SignedInUser;
beforeAll(async () => {
  app = await startTestApp();
  // Alone in the app's database: no partner for any of these requests.
  poster = await makeUser(app);
});
afterAll(async () => {
  pg.Client.prototype.query = query;
  await app?.close();
});

/** What one create's transaction sent, each statement named by its kind. */
async function statementsOf(body: Record<string, unknown>): Promise<{ status: number; kinds: string[] }> {
  await app.server.deps.events.settled();
  sent.length = 0;
  recording = true;
  const res = await poster.client.post('/api/requests', requestBody(body));
  recording = false;
  const kinds = sent.map((text) => {
    const t = text.replace(/\s+/g, ' ').trim().toLowerCase();
    // The owner's lock rides with the BEGIN, in the same round trip (docs/decisions/0048).
    if (t === `begin; select pg_advisory_xact_lock(hashtextextended('account:requests:${poster.user.id}', 0))`)
      return 'begin with the account lock';
    if (/^(begin|commit|rollback)/.test(t)) return t.split(' ')[0]!;
    if (t.includes('pg_advisory_xact_lock(hashtextextended($1, 0))') && t.startsWith('select')) return 'account lock';
    if (t.startsWith('insert into "requests"')) return 'insert';
    if (t.includes('insert into matches')) return 'matching';
    if (t.includes('with busy as')) return 'chain search';
    if (t.includes('from "requests"') && t.includes('"client_key"')) return 'client key read';
    return t.slice(0, 60);
  });
  // The create's transaction: the session read comes before it, after-commit work (on other connections) after it.
  const from = kinds.findIndex((k) => k.startsWith('begin'));
  const to = kinds.findIndex((k, i) => i > from && (k === 'commit' || k === 'rollback'));
  return { status: res.status, kinds: kinds.slice(from, to + 1) };
}

describe('a create’s statements', () => {
  it('a drop with no partner: begin with the account lock, one insert (cap, locks, row), matching, commit', async () => {
    const { status, kinds } = await statementsOf({ type: 'drop', date: inDays(20) });
    expect(status).toBe(201);
    expect(kinds).toEqual(['begin with the account lock', 'insert', 'matching', 'commit']);
  });

  it('a trade with no partner adds the chain search', async () => {
    const { status, kinds } = await statementsOf({ type: 'trade', date: inDays(21), desiredDates: [inDays(22)] });
    expect(status).toBe(201);
    expect(kinds).toEqual(['begin with the account lock', 'insert', 'matching', 'chain search', 'commit']);
  });

  it('a repeated client key reads the stored request after the insert inserted nothing', async () => {
    const body = { type: 'drop', date: inDays(23), clientKey: 'statements-repeat-1' };
    expect((await statementsOf(body)).status).toBe(201);
    const again = await statementsOf(body);
    expect(again.status).toBe(200);
    expect(again.kinds).toEqual(['begin with the account lock', 'insert', 'client key read', 'commit']);
  });

  it('at the cap: the insert stores nothing and the create is refused with the cap’s message', async () => {
    // The poster holds 3 already (above); past requests are off the board and uncounted.
    for (let i = 3; i < MAX_ACTIVE_REQUESTS; i++) expect((await statementsOf({ date: inDays(30 + i) })).status).toBe(201);
    const res = await poster.client.post('/api/requests', requestBody({ date: inDays(95) }));
    expect([res.status, res.body.message]).toEqual([400, MSG.tooManyActiveRequests]);
    const { kinds } = await statementsOf({ date: inDays(96) });
    expect(kinds).toEqual(['begin with the account lock', 'insert', 'rollback']);
  });
});
