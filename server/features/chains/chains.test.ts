import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAINS_LISTED } from '#protocol/limits.ts';
import { MSG } from '#protocol/messages.ts';
import type { ChainItem } from '#protocol/shapes.ts';
import { makeUser } from '../../test/factories.ts';
import { readOutbox, sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { inDays } from '../requests/requests.fixtures.ts';
import { waitFor } from '../../test/wait-for.ts';
import { chainGroup, onlyChain, postRing, tradeBody } from './chains.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('finding a chain', () => {
  it('proposes the ring to all three when the third request closes it, members in ring order', async () => {
    const { a, b, c, ra, rb, rc, dates } = await postRing(app);
    const chain = await onlyChain(a);
    expect(chain.status).toBe('proposed');
    // C's request closed it: C's trip goes to A, A's to B, B's back to C.
    expect(chain.members.map((m) => [m.user.id, m.request?.id, m.decision])).toEqual([
      [c.user.id, rc, 'pending'],
      [a.user.id, ra, 'pending'],
      [b.user.id, rb, 'pending'],
    ]);
    expect(chain.members[1]!.request).toMatchObject({ type: 'trade', date: dates[0], desiredDates: [dates[2]], route: 'ATL100' });
    expect(chain.members[0]!.user).toMatchObject({ firstName: 'Cy', lastName: 'Crew' });
    expect(await onlyChain(b)).toEqual(chain);
    expect(await onlyChain(c)).toEqual(chain);
    // Nobody could swap pairwise.
    expect((await a.client.get('/api/matches')).body).toEqual([]);
  });

  it('mails each member what they give and get, and logs the mails', async () => {
    const { a, b, c } = await postRing(app);
    const chain = await onlyChain(a);
    const mailA = await waitFor(async () => (await readOutbox(app.databaseUrl, a.email))[0]);
    // A gives ATL100 to Bo and gets Cy's ATL300: no swap with Cy, so the subject never reads like one.
    expect(mailA?.subject).toBe('A three-way trade: you give ATL100 to Bo Crew; Cy Crew gives you ATL300');
    expect(mailA?.html).toContain('you give <strong>ATL100</strong>');
    expect(mailA?.html).toContain('to Bo Crew, and Cy Crew gives you <strong>ATL300</strong>');
    expect(mailA?.subject).not.toMatch(/your ATL100 for/);
    const mailB = await waitFor(async () => (await readOutbox(app.databaseUrl, b.email))[0]);
    expect(mailB?.subject).toBe('A three-way trade: you give ATL200 to Cy Crew; Ada Crew gives you ATL100');
    const mailC = await waitFor(async () => (await readOutbox(app.databaseUrl, c.email))[0]);
    expect(mailC?.subject).toBe('A three-way trade: you give ATL300 to Ada Crew; Bo Crew gives you ATL200');
    const logs = await waitFor(async () => {
      const rows = await sql(
        app.databaseUrl,
        `select user_id, email_type, reference_type, email_sent from user_activity_logs
         where reference_id = $1 and reference_type = 'trade_chain' order by user_id`,
        [chain.id],
      );
      return rows.length === 3 ? rows : undefined;
    });
    expect(logs?.map((l) => l.email_type)).toEqual(['chain_notification', 'chain_notification', 'chain_notification']);
  });

  it('proposes nothing when the closing request has a pairwise match', async () => {
    const { a, c } = await postRing(app, {
      before: async ({ group, dates }) => {
        // D swaps directly with C: D's date is what C wants, and D wants C's date.
        const d = await makeUser(app, group);
        await d.client.post('/api/requests', tradeBody(dates[1], dates[2]));
      },
    });
    expect((await c.client.get('/api/matches')).body).toHaveLength(1);
    expect((await a.client.get('/api/chains')).body).toEqual([]);
  });

  it('proposes nothing when the ring would cross route types or groups, or name one crew member twice', async () => {
    const reserve = await postRing(app, { closing: { routeType: 'reserve_period', route: undefined, reservePeriod: 'R 1-3' } });
    const twice = await postRing(app, { closer: ({ a }) => a });
    for (const ring of [reserve, twice]) expect((await ring.a.client.get('/api/chains')).body).toEqual([]);
    const other = await makeUser(app, { base: 'ZZQ' });
    const crossGroup = await postRing(app, { closer: () => other });
    expect((await crossGroup.a.client.get('/api/chains')).body).toEqual([]);
    expect((await other.client.get('/api/chains')).body).toEqual([]);
  });

  it('puts a request in one open chain at a time', async () => {
    const ring = await postRing(app);
    // E posts what C posted: the same ring with E in C's place, but A and B are taken.
    const e = await makeUser(app, ring.group);
    await e.client.post('/api/requests', tradeBody(ring.dates[2], ring.dates[1]));
    expect((await e.client.get('/api/chains')).body).toEqual([]);
    expect((await ring.a.client.get('/api/chains')).body).toHaveLength(1);
  });
});

describe('answering a chain', () => {
  it('completes when all three accept: three requests completed, three trades rows, off the board', async () => {
    const { a, b, c, ra, rb, rc } = await postRing(app);
    const { id } = await onlyChain(a);
    const first = await a.client.post(`/api/chains/${id}/accept`);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('proposed');
    expect(first.body.members.find((m: ChainItem['members'][number]) => m.user.id === a.user.id).decision).toBe('accepted');
    // Accepting again changes nothing.
    expect((await a.client.post(`/api/chains/${id}/accept`)).body).toEqual(first.body);
    expect((await b.client.post(`/api/chains/${id}/accept`)).body.status).toBe('proposed');
    const done = await c.client.post(`/api/chains/${id}/accept`);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('completed');
    expect(done.body.members.map((m: ChainItem['members'][number]) => [m.decision, m.request?.status])).toEqual([
      ['accepted', 'completed'],
      ['accepted', 'completed'],
      ['accepted', 'completed'],
    ]);
    const trades = await sql(app.databaseUrl, 'select request_id, matched_request_id from trades where chain_id = $1 order by id', [id]);
    // Each trip to the next member: C's to A, A's to B, B's to C.
    expect(trades).toEqual([
      { request_id: rc, matched_request_id: ra },
      { request_id: ra, matched_request_id: rb },
      { request_id: rb, matched_request_id: rc },
    ]);
    const board = (await a.client.get('/api/all-trades')).body as { id: number }[];
    expect(board.map((r) => r.id)).not.toContain(ra);
    const late = await b.client.post(`/api/chains/${id}/decline`);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MSG.chainClosed);
  });

  it('ends for all three on one decline, and that ring is never proposed again', async () => {
    const { a, b, c, rb, dates } = await postRing(app);
    const { id } = await onlyChain(a);
    await a.client.post(`/api/chains/${id}/accept`);
    const declined = await b.client.post(`/api/chains/${id}/decline`);
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('declined');
    for (const u of [a, c]) {
      const res = await u.client.post(`/api/chains/${id}/accept`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MSG.chainClosed);
    }
    // B edits the request without changing the ring: the declined ring is not offered again.
    await b.client.put(`/api/requests/${rb}`, tradeBody(dates[1], dates[0], { notes: 'still keen' }));
    expect((await a.client.get('/api/chains')).body.map((x: ChainItem) => x.status)).toEqual(['declined']);
  });

  it('lets a member decline after accepting while the chain is open', async () => {
    const { a } = await postRing(app);
    const { id } = await onlyChain(a);
    await a.client.post(`/api/chains/${id}/accept`);
    const res = await a.client.post(`/api/chains/${id}/decline`);
    expect(res.body.status).toBe('declined');
  });

  it('cancels the chain when a member deletes the request, and shows the trip as gone', async () => {
    const { a, b, rb } = await postRing(app);
    const { id } = await onlyChain(a);
    expect((await b.client.delete(`/api/requests/${rb}`)).status).toBe(200);
    const chain = await onlyChain(a);
    expect(chain.status).toBe('cancelled');
    expect(chain.members.find((m) => m.user.id === b.user.id)?.request).toBeNull();
    const res = await a.client.post(`/api/chains/${id}/accept`);
    expect(res.status).toBe(409);
  });

  it('cancels the chain when an edit breaks the ring, and keeps it when the ring still holds', async () => {
    const { a, ra, dates } = await postRing(app);
    await a.client.put(`/api/requests/${ra}`, tradeBody(dates[0], dates[2], { notes: 'same dates' }));
    expect((await onlyChain(a)).status).toBe('proposed');
    await a.client.put(`/api/requests/${ra}`, tradeBody(dates[0], '2099-12-31'));
    expect((await onlyChain(a)).status).toBe('cancelled');
  });

  it('cancels the chain when a member’s trip goes in a pairwise trade', async () => {
    const { a, b, ra } = await postRing(app);
    // B sends A an offer on A's request; A accepts it: A's trip is gone.
    const offer = await b.client.post('/api/trade-requests', {
      toUserId: a.user.id,
      requestId: ra,
      requestType: 'trade',
      tradeDate: (await a.client.get('/api/requests')).body[0].date,
      offerRoute: 'ATL999',
    });
    expect(offer.status).toBe(201);
    expect((await a.client.put(`/api/trade-requests/${offer.body.id}`, { status: 'accepted' })).status).toBe(200);
    expect((await onlyChain(a)).status).toBe('cancelled');
  });
});

describe('listing chains', () => {
  it('lists the open chains first, then the newest ended ones, CHAINS_LISTED in all', async () => {
    const u = await makeUser(app, chainGroup());
    await sql(
      app.databaseUrl,
      `with c as (
         insert into trade_chains (group_key, route_type, cycle_key, status, created_at)
         select 'g', 'pairing', 'list-' || $1::int || '-' || g, case when g = 0 then 'proposed' else 'declined' end,
                now() - interval '1 day' * (100 - g)
         from generate_series(0, $2::int) g
         returning id
       )
       insert into trade_chain_members (chain_id, position, user_id, request_id, decision) select id, 0, $1, null, 'pending' from c`,
      [u.user.id, CHAINS_LISTED + 1],
    );
    const chains = (await u.client.get('/api/chains')).body as ChainItem[];
    expect(chains).toHaveLength(CHAINS_LISTED);
    expect(chains[0]!.status).toBe('proposed');
    // The newest ended one comes next; the oldest ended ones are left out.
    const ended = chains.slice(1).map((c) => Date.parse(c.createdAt));
    expect(ended).toEqual([...ended].sort((a, b) => b - a));
    expect(chains.filter((c) => c.status === 'declined')).toHaveLength(CHAINS_LISTED - 1);
  });
});

describe('who may see and answer a chain', () => {
  it('answers 401 signed out', async () => {
    const anon = app.client();
    expect((await anon.get('/api/chains')).status).toBe(401);
    expect((await anon.post('/api/chains/1/accept')).status).toBe(401);
    expect((await anon.post('/api/chains/1/decline')).status).toBe(401);
  });

  it('hides a chain from crew outside it, even of the same group, and unknown ids', async () => {
    const { a, group } = await postRing(app);
    const { id } = await onlyChain(a);
    const colleague = await makeUser(app, group);
    expect((await colleague.client.get('/api/chains')).body).toEqual([]);
    for (const path of [`/api/chains/${id}/accept`, `/api/chains/${id}/decline`, '/api/chains/999999/accept', '/api/chains/abc/accept']) {
      const res = await colleague.client.post(path);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG.chainNotFound);
    }
    expect((await onlyChain(a)).status).toBe('proposed');
  });
});

describe('races', () => {
  it('completes exactly once when all three accept at the same moment, twice each', async () => {
    const { a, b, c } = await postRing(app);
    const { id } = await onlyChain(a);
    const answers = await Promise.all([a, b, c, a, b, c].map((u) => u.client.post(`/api/chains/${id}/accept`)));
    // A repeat that lands after completion finds the chain closed; none fails otherwise.
    expect(answers.every((r) => r.status === 200 || (r.status === 409 && r.body.message === MSG.chainClosed))).toBe(true);
    expect(answers.filter((r) => r.status === 200 && r.body.status === 'completed').length).toBeGreaterThanOrEqual(1);
    const trades = await sql(app.databaseUrl, 'select count(*)::int as n from trades where chain_id = $1', [id]);
    expect(trades[0]!.n).toBe(3);
    expect((await onlyChain(b)).status).toBe('completed');
  });

  it('ends with one outcome when the last accept races a decline', async () => {
    const { a, b, c, ra } = await postRing(app);
    const { id } = await onlyChain(a);
    await a.client.post(`/api/chains/${id}/accept`);
    await b.client.post(`/api/chains/${id}/accept`);
    const [accept, decline] = await Promise.all([c.client.post(`/api/chains/${id}/accept`), b.client.post(`/api/chains/${id}/decline`)]);
    const final = await onlyChain(a);
    const trades = await sql(app.databaseUrl, 'select count(*)::int as n from trades where chain_id = $1', [id]);
    const [request] = await sql(app.databaseUrl, 'select status from requests where id = $1', [ra]);
    if (final.status === 'completed') {
      expect(accept.body.status).toBe('completed');
      expect(decline.status).toBe(409);
      expect([trades[0]!.n, request!.status]).toEqual([3, 'completed']);
    } else {
      expect(final.status).toBe('declined');
      expect(decline.body.status).toBe('declined');
      expect(accept.status).toBe(409);
      expect([trades[0]!.n, request!.status]).toEqual([0, 'active']);
    }
  });

  it('puts two waiting requests in one chain when two closers on unrelated dates post at the same moment', async () => {
    // A wants d2 or d3; B flies d1 and d4. C (d2, wants d1) and D (d3, wants d4) each close a ring
    // with A and B, and share no date with each other, so their creates run side by side.
    for (let i = 0; i < 5; i++) {
      const group = chainGroup();
      const [d0, d1, d2, d3, d4] = [0, 1, 2, 3, 4].map((k) => inDays(70 + i * 6 + k)) as [string, string, string, string, string];
      const [a, b, c, d] = await Promise.all(['Ada', 'Bo', 'Cy', 'Di'].map((firstName) => makeUser(app, { ...group, firstName })));
      await a!.client.post('/api/requests', tradeBody(d0, d2, { desiredDates: [d2, d3] }));
      await b!.client.post('/api/requests', tradeBody(d1, d0, { additionalDates: [d4] }));
      const posted = await Promise.all([
        c!.client.post('/api/requests', tradeBody(d2, d1)),
        d!.client.post('/api/requests', tradeBody(d3, d4)),
      ]);
      expect(posted.map((r) => r.status)).toEqual([201, 201]);
      const open = ((await a!.client.get('/api/chains')).body as ChainItem[]).filter((ch) => ch.status === 'proposed');
      expect(open).toHaveLength(1);
    }
  });

  it('proposes a ring once when its last two requests are posted at the same moment', async () => {
    const ring = await postRing(app, {
      before: async ({ b, rb }) => {
        await b.client.delete(`/api/requests/${rb}`);
      },
    });
    // B's request is gone: C's closed nothing. Now B and a twin of C post at once.
    const twin = await makeUser(app, ring.group);
    await Promise.all([
      ring.b.client.post('/api/requests', tradeBody(ring.dates[1], ring.dates[0])),
      twin.client.post('/api/requests', tradeBody(ring.dates[2], ring.dates[1])),
    ]);
    const chains = (await ring.a.client.get('/api/chains')).body as ChainItem[];
    expect(chains).toHaveLength(1);
    expect(chains[0]!.status).toBe('proposed');
  });
});
