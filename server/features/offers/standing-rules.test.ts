// Standing rules (docs/decisions/0045): a request with "Accept automatically" takes an offer that gives
// what it asks by itself, at once, as its owner would accept it; never one its roster conflicts with,
// and never twice, whatever races it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_TEXT } from '#protocol/standingRule.ts';
import type { OfferItem, OfferNotificationItem, TradeRequestItem } from '#protocol/shapes.ts';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import { readOutbox, sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { inDays } from '../requests/requests.fixtures.ts';
import { dayDuty, icsOf } from '../roster/roster.fixtures.ts';
import { freshGroup, postRequest, sendOffer } from './offers.fixtures.ts';
import { OffersService } from './offers.service.ts';
import { startStandingRuleSweep } from './standing-rule-sweep.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, undefined, { poolMax: 12 });
});
afterAll(async () => {
  await app?.close();
});

const DAY = inDays(9);
const shortDay = (iso: string) =>
  `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}`;

/** Crew of one fresh group, one per name, in order. */
async function crew<N extends string[]>(...names: N): Promise<{ [K in keyof N]: SignedInUser }> {
  const group = freshGroup();
  return (await Promise.all(names.map((firstName) => makeUser(app, { ...group, firstName, lastName: 'Ames' })))) as {
    [K in keyof N]: SignedInUser;
  };
}

const tradesOf = (requestId: number) =>
  sql(app.databaseUrl, 'select id from trades where request_id = $1 or matched_request_id = $1', [requestId]);

/** A pickup that takes the trip as posted: nothing asked in return. */
const takeIt = (request: TradeRequestItem) => ({ requestType: 'pickup', tradeDate: request.date, offerRoute: 'none' });

async function uploadRoster(user: SignedInUser, busyDay: string) {
  const form = new FormData();
  form.append('file', new Blob([icsOf([dayDuty('ATL1234', busyDay)])], { type: 'text/calendar' }), 'roster.ics');
  const res = await user.client.post('/api/roster', form);
  expect(res.status, res.text).toBeLessThan(300);
}

describe('a standing rule on a request', () => {
  it('is set on create, kept on an edit that leaves it out, and shown only in the owner’s copies', async () => {
    const [cora, bea] = await crew('Cora', 'Bea');
    const created = await cora.client.post<TradeRequestItem>('/api/requests', {
      type: 'drop',
      date: DAY,
      routeType: 'pairing',
      route: 'ATL900',
      autoAccept: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.autoAccept).toBe(true);
    const edited = await cora.client.put<TradeRequestItem>(`/api/requests/${created.body.id}`, {
      type: 'drop',
      date: DAY,
      routeType: 'pairing',
      route: 'ATL901',
    });
    expect(edited.body).toMatchObject({ route: 'ATL901', autoAccept: true });
    expect((await cora.client.get<TradeRequestItem[]>('/api/requests')).body[0]!.autoAccept).toBe(true);
    const board = (await bea.client.get<TradeRequestItem[]>('/api/all-trades')).body.find((r) => r.id === created.body.id);
    expect(board).toBeDefined();
    expect(board).not.toHaveProperty('autoAccept');
    const off = await cora.client.put<TradeRequestItem>(`/api/requests/${created.body.id}`, {
      type: 'drop',
      date: DAY,
      routeType: 'pairing',
      route: 'ATL901',
      autoAccept: false,
    });
    expect(off.body.autoAccept).toBe(false);
    const bad = await cora.client.post('/api/requests', { type: 'drop', date: DAY, routeType: 'pairing', route: 'X', autoAccept: 'yes' });
    expect([bad.status, bad.body.message]).toEqual([400, 'Accept automatically must be true or false']);
  });

  it('on a drop: the first pickup of the trip as posted is accepted by itself, and both are told', async () => {
    const [cora, bea] = await crew('Cora', 'Bea');
    const drop = await postRequest(cora, { type: 'drop', date: DAY, route: 'ATL900', autoAccept: true });
    const offer = await sendOffer(bea, drop, takeIt(drop));
    // Accepted before the send answered: the sender sees the trade done.
    expect(offer).toMatchObject({ status: 'accepted', acceptedByRule: true, ruleNote: null });
    expect(await tradesOf(drop.id)).toHaveLength(1);
    expect((await cora.client.get<TradeRequestItem[]>('/api/requests')).body[0]!.status).toBe('completed');
    const told = `Your drop of ATL900 on ${shortDay(DAY)} was taken by Bea Ames`;
    const coraBell = (await cora.client.get<OfferNotificationItem[]>('/api/trade-request-notifications')).body;
    expect(coraBell).toContainEqual(expect.objectContaining({ title: 'Trade Accepted Automatically', message: told }));
    const beaBell = (await bea.client.get<OfferNotificationItem[]>('/api/trade-request-notifications')).body;
    expect(beaBell[0]).toMatchObject({ title: 'Trade Request Accepted' });
    expect(
      await sql(
        app.databaseUrl,
        `select activity_type, user_id from user_activity_logs where reference_id = $1 and activity_type like 'trade_request_accepted%'`,
        [offer.id],
      ),
    ).toEqual([{ activity_type: 'trade_request_accepted_by_rule', user_id: cora.user.id }]);
    await app.server.deps.events.settled();
    await app.server.deps.outbox.idle();
    expect((await readOutbox(app.databaseUrl, cora.email)).map((m) => m.subject)).toContain(told);
  });

  it('on a drop: an offer that asks a trip in return stays pending, with the reason for the owner only', async () => {
    const [cora, bea] = await crew('Cora', 'Bea');
    const drop = await postRequest(cora, { type: 'drop', date: DAY, route: 'ATL900', autoAccept: true });
    const offer = await sendOffer(bea, drop, { requestType: 'pickup', tradeDate: DAY, offerRoute: 'ATL555' });
    expect(offer).toMatchObject({ status: 'pending', ruleNote: null });
    const received = (await cora.client.get<OfferItem[]>('/api/trade-requests')).body;
    expect(received).toMatchObject([{ id: offer.id, status: 'pending', ruleNote: RULE_TEXT.asksInReturn }]);
    expect((await bea.client.get<OfferItem[]>('/api/sent-trade-requests')).body).toMatchObject([{ id: offer.id, ruleNote: null }]);
    expect(await tradesOf(drop.id)).toHaveLength(0);
  });

  it('on a pickup: leaves an offer on a rostered day pending with the conflict, and takes one on a free day', async () => {
    const [cora, bea, carl] = await crew('Cora', 'Bea', 'Carl');
    const busy = inDays(10);
    const free = inDays(11);
    await uploadRoster(cora, busy);
    const pickup = await postRequest(cora, { type: 'pickup', date: busy, additionalDates: [free], route: 'ANY', autoAccept: true });
    const onBusy = await sendOffer(bea, pickup, { requestType: 'drop', tradeDate: busy, offerRoute: 'BOS100' });
    expect(onBusy.status).toBe('pending');
    const mine = (await cora.client.get<OfferItem[]>('/api/trade-requests')).body.find((o) => o.id === onBusy.id)!;
    expect(mine.ruleNote).toMatch(/^Not accepted automatically: .*ATL1234/);
    const onFree = await sendOffer(carl, pickup, { requestType: 'drop', tradeDate: free, offerRoute: 'BOS200' });
    expect(onFree).toMatchObject({ status: 'accepted', acceptedByRule: true });
    // The pending one closed with the fill, never declined.
    expect((await sql(app.databaseUrl, 'select status, closed_reason from trade_requests where id = $1', [onBusy.id]))[0]).toEqual({
      status: 'closed',
      closed_reason: 'request_filled',
    });
  });

  it('on a pickup with no roster: only a trip on exactly the requested days', async () => {
    const [cora, bea, carl] = await crew('Cora', 'Bea', 'Carl');
    const pickup = await postRequest(cora, { type: 'pickup', date: DAY, route: 'ANY', autoAccept: true });
    const offDays = await sendOffer(bea, pickup, { requestType: 'drop', tradeDate: inDays(14), offerRoute: 'BOS100' });
    expect(offDays.status).toBe('pending');
    const exact = await sendOffer(carl, pickup, { requestType: 'drop', tradeDate: DAY, offerRoute: 'BOS200' });
    expect(exact).toMatchObject({ status: 'accepted', acceptedByRule: true });
  });

  it('two offers at once complete one trade; the other is closed, not declined', async () => {
    for (let i = 0; i < 5; i++) {
      const [cora, bea, carl] = await crew('Cora', 'Bea', 'Carl');
      const drop = await postRequest(cora, { type: 'drop', date: DAY, route: 'ATL900', autoAccept: true });
      const results = await Promise.all(
        [bea, carl].map((u) =>
          u.client.post<OfferItem>('/api/trade-requests', { toUserId: cora.user.id, requestId: drop.id, ...takeIt(drop) }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([201, 201]);
      expect(results.map((r) => r.body.status).sort()).toEqual(['accepted', 'closed']);
      expect(await tradesOf(drop.id)).toHaveLength(1);
    }
  });

  it('an offer and the owner’s own answer at once complete one trade', async () => {
    for (let i = 0; i < 5; i++) {
      const [cora, bea, carl] = await crew('Cora', 'Bea', 'Carl');
      const drop = await postRequest(cora, { type: 'drop', date: DAY, route: 'ATL900', autoAccept: true });
      const held = await sendOffer(bea, drop, { requestType: 'pickup', tradeDate: DAY, offerRoute: 'ATL555' });
      const [manual, sent] = await Promise.all([
        cora.client.put<OfferItem>(`/api/trade-requests/${held.id}`, { status: 'accepted' }),
        carl.client.post<OfferItem>('/api/trade-requests', { toUserId: cora.user.id, requestId: drop.id, ...takeIt(drop) }),
      ]);
      const done = [manual.status === 200 && manual.body.status === 'accepted', sent.body?.status === 'accepted'];
      expect(done.filter(Boolean), JSON.stringify([manual.status, sent.status, sent.body?.status])).toHaveLength(1);
      expect(await tradesOf(drop.id)).toHaveLength(1);
    }
  });

  it('a manual decline racing the rule on the same offer: one of them, never both', async () => {
    for (let i = 0; i < 8; i++) {
      const [cora, bea] = await crew('Cora', 'Bea');
      const drop = await postRequest(cora, { type: 'drop', date: DAY, route: 'ATL900' });
      const offer = await sendOffer(bea, drop, takeIt(drop));
      // The rule turned on after the offer: it would not take it (edited since), so lift the edit's time to race it.
      await sql(app.databaseUrl, `update requests set auto_accept = true, updated_at = now() - interval '1 hour' where id = $1`, [drop.id]);
      const service = new OffersService(app.server.deps.orm.em.fork(), app.server.deps);
      const [declined, byRule] = await Promise.all([
        cora.client.put<OfferItem>(`/api/trade-requests/${offer.id}`, { status: 'declined' }),
        service.acceptByStandingRule(offer.id),
      ]);
      const status = (await sql(app.databaseUrl, 'select status from trade_requests where id = $1', [offer.id]))[0]!.status;
      if (declined.status === 200) {
        expect(byRule).toBeUndefined();
        expect(status).toBe('declined');
        expect(await tradesOf(drop.id)).toHaveLength(0);
      } else {
        expect(declined.status).toBe(409);
        expect(byRule?.status).toBe('accepted');
        expect(await tradesOf(drop.id)).toHaveLength(1);
      }
    }
  });

  it('an accept the rule owed when its instance died after the send’s commit is given by the sweep, once, by any instance', async () => {
    const [cora, bea, carl] = await crew('Cora', 'Bea', 'Carl');
    const drop = await postRequest(cora, { type: 'drop', date: DAY, route: 'ATL900', autoAccept: true });
    // Posted a while ago; what a send that died before its accept leaves since: its offer, pending, no note.
    await sql(app.databaseUrl, `update requests set updated_at = now() - interval '2 minutes' where id = $1`, [drop.id]);
    const insert = (from: SignedInUser, note: string | null) =>
      sql(
        app.databaseUrl,
        `insert into trade_requests (from_user_id, to_user_id, request_id, trade_date, offer_route, request_type, status, rule_note, created_at)
         values ($1, $2, $3, $4, 'none', 'pickup', 'pending', $5, now() - interval '1 minute') returning id`,
        [from.user.id, cora.user.id, drop.id, DAY, note],
      );
    const [owed] = await insert(bea, null);
    await insert(carl, RULE_TEXT.asksInReturn);
    const sweeps = [startStandingRuleSweep(app.server.deps, 3_600_000), startStandingRuleSweep(app.server.deps, 3_600_000)];
    const accepted = await Promise.all(sweeps.map((s) => s.sweep()));
    await Promise.all(sweeps.map((s) => s.stop()));
    expect(accepted.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await tradesOf(drop.id)).toHaveLength(1);
    const rows = await sql(app.databaseUrl, 'select id, status, accepted_by_rule from trade_requests where request_id = $1 order by id', [
      drop.id,
    ]);
    expect(rows).toEqual([
      { id: owed!.id, status: 'accepted', accepted_by_rule: true },
      { id: expect.any(Number), status: 'closed', accepted_by_rule: false },
    ]);
  });

  it('never accepts for a request edited since the offer, nor when the rule is off', async () => {
    const [cora, bea, carl] = await crew('Cora', 'Bea', 'Carl');
    const drop = await postRequest(cora, { type: 'drop', date: DAY, route: 'ATL900', autoAccept: false });
    const off = await sendOffer(bea, drop, takeIt(drop));
    expect(off.status).toBe('pending');
    // Turned on by an edit: the offer sent before it is the owner's to answer.
    await cora.client.put(`/api/requests/${drop.id}`, { type: 'drop', date: DAY, routeType: 'pairing', route: 'ATL900', autoAccept: true });
    const service = new OffersService(app.server.deps.orm.em.fork(), app.server.deps);
    expect(await service.acceptByStandingRule(off.id)).toBeUndefined();
    expect((await cora.client.get<OfferItem[]>('/api/trade-requests')).body.map((o) => [o.id, o.status])).toEqual([[off.id, 'pending']]);
    // One sent after the edit is taken.
    const after = await sendOffer(carl, drop, takeIt(drop));
    expect(after.status).toBe('accepted');
  });
});
