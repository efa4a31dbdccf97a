// What the parties hear after an offer's commit: sockets, badges, the bell, and the mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats, MatchItem } from '#protocol/shapes.ts';
import { shortDate } from '#protocol/offerText.ts';
import { makeUser } from '../../test/factories.ts';
import { readOutbox, sql, waitForMail } from '../../test/outbox.ts';
import { connectSocket, nextEvent, nextEventWhere, type TestSocket } from '../../test/socket-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { waitFor } from '../../test/wait-for.ts';
import { ownerAndOfferer, postRequest, sendOffer } from './offers.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const badgesWhere = (socket: TestSocket, check: (s: DashboardStats) => boolean) => nextEventWhere(socket, 'badges', check);

/** Connects and waits for the counts every socket gets on connect, so later events are the test's own. */
async function connected(cookie: string): Promise<TestSocket> {
  let first: Promise<unknown> | undefined;
  const socket = await connectSocket(app.url, cookie, (s) => {
    first = nextEvent(s, 'badges');
  });
  await first;
  return socket;
}

/** Every event a socket hears from now on, by name. */
function recorder(socket: TestSocket) {
  const got: { event: string; args: unknown[] }[] = [];
  socket.onAny((event: string, ...args: unknown[]) => got.push({ event, args }));
  return { names: () => got.map((g) => g.event), got };
}

describe('live offers', () => {
  it('offer:new, the bell and badges on send; offer:update, board:remove and match:update on accept; a hide reaches the hider only', async () => {
    const { group, owner, offerer, request } = await ownerAndOfferer(app);
    const colleague = await makeUser(app, group);
    const pickup = await postRequest(offerer, { type: 'pickup', date: request.date });
    const [match] = (await offerer.client.get<MatchItem[]>('/api/matches')).body;
    const [so, sf, sc] = await Promise.all([
      connected(owner.client.cookieHeader),
      connected(offerer.client.cookieHeader),
      connected(colleague.client.cookieHeader),
    ]);
    const colleagueHeard = recorder(sc);
    try {
      const forOwner = nextEvent(so, 'offer:new');
      const forSenderTab = nextEvent(sf, 'offer:new');
      const bell = nextEvent(so, 'notifications:changed');
      const ownerBadges = badgesWhere(so, (s) => s.pendingTrades === 1);
      const offer = await sendOffer(offerer, request);
      const [received] = await forOwner;
      expect(received).toMatchObject({
        id: offer.id,
        status: 'pending',
        fromUser: { id: offerer.user.id },
        request: { id: request.id },
        senderRequest: { id: pickup.id },
      });
      expect((await forSenderTab)[0]).toEqual(received);
      await bell;
      expect(await ownerBadges).toMatchObject({ pendingTrades: 1 });

      const ownerUpdate = nextEvent(so, 'offer:update');
      const senderUpdate = nextEvent(sf, 'offer:update');
      const senderBell = nextEvent(sf, 'notifications:changed');
      const matchApproved = nextEvent(sf, 'match:update');
      const removed: number[] = [];
      sc.on('board:remove', ({ id }) => removed.push(id));
      const senderBadges = badgesWhere(sf, (s) => s.completedTrades === 1 && s.activeRequests === 0);
      expect((await owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' })).status).toBe(200);
      expect((await ownerUpdate)[0]).toEqual({ id: offer.id, status: 'accepted' });
      expect((await senderUpdate)[0]).toEqual({ id: offer.id, status: 'accepted' });
      await senderBell;
      expect((await matchApproved)[0]).toEqual({ id: match!.id, status: 'approved' });
      expect(await senderBadges).toMatchObject({ completedTrades: 1, activeRequests: 0 });
      expect(await waitFor(async () => removed.length === 2)).toBe(true);
      expect(removed.sort((a, b) => a - b)).toEqual([request.id, pickup.id].sort((a, b) => a - b));
      // The colleague saw the board change, and nothing of the offer itself.
      expect(colleagueHeard.names().filter((n) => n.startsWith('offer:'))).toEqual([]);

      const ownerAfter = recorder(so);
      const hidden = nextEvent(sf, 'offer:update');
      expect((await offerer.client.delete(`/api/trade-requests/${offer.id}`)).status).toBe(200);
      expect((await hidden)[0]).toEqual({ id: offer.id, status: 'deleted' });
      await new Promise((r) => setTimeout(r, 150));
      expect(ownerAfter.names()).not.toContain('offer:update');
      expect(ownerAfter.names()).not.toContain('notifications:changed');
    } finally {
      for (const s of [so, sf, sc]) s.close();
    }
  });

  it('a cancel reaches both parties as deleted, and the recipient’s bell', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    const offer = await sendOffer(offerer, request);
    const so = await connected(owner.client.cookieHeader);
    try {
      const update = nextEvent(so, 'offer:update');
      const bell = nextEvent(so, 'notifications:changed');
      const badges = badgesWhere(so, (s) => s.pendingTrades === 0);
      await offerer.client.delete(`/api/trade-requests/${offer.id}`);
      expect((await update)[0]).toEqual({ id: offer.id, status: 'deleted' });
      await bell;
      await badges;
    } finally {
      so.close();
    }
  });
});

describe('offer mail', () => {
  it('mails the recipient with the template of the offer’s type and logs email_sent', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    const offer = await sendOffer(offerer, request, { requestType: 'drop', offerRoute: 'P-MAIL' });
    // The subject is the offer from Olive's side (protocol/offerText.ts): Oscar gives her his trip.
    const mail = await waitForMail(
      app.databaseUrl,
      owner.email,
      `Oscar Offerer wants to give you their P-MAIL (${shortDate(request.date)})`,
    );
    expect(mail.html).toContain('Hi Olive Owner');
    expect(mail.html).toContain(`#${offerer.user.employeeNumber}`);
    const logs = await waitFor(async () =>
      (
        await sql(
          app.databaseUrl,
          `select user_id, target_user_id, email_type, email_sent, email_recipient from user_activity_logs where activity_type = 'email_sent' and reference_id = $1 and reference_type = 'trade_request'`,
          [offer.id],
        )
      ).at(0),
    );
    expect(logs).toEqual({
      user_id: owner.user.id,
      target_user_id: offerer.user.id,
      email_type: 'drop_trade_request',
      email_sent: true,
      email_recipient: owner.email,
    });
  });

  it('escapes what the sender typed in the HTML, and sends nothing to someone who turned e-mail off', async () => {
    const { owner, offerer, request } = await ownerAndOfferer(app);
    await sendOffer(offerer, request, { offerRoute: '<b>P1</b>' });
    const mail = await waitForMail(
      app.databaseUrl,
      owner.email,
      `Oscar Offerer wants to pick up your ${request.route} (${shortDate(request.date)}) and offers their <b>P1</b> in exchange`,
    );
    expect(mail.html).toContain('&lt;b&gt;P1&lt;/b&gt;');

    const quiet = await ownerAndOfferer(app);
    await quiet.owner.client.put('/api/profile', { ...quiet.owner.user, emailNotifications: false });
    const offer = await sendOffer(quiet.offerer, quiet.request);
    // The loud recipient's mail arrives after this one would have: then none came.
    const loud = await ownerAndOfferer(app);
    await sendOffer(loud.offerer, loud.request);
    await waitForMail(
      app.databaseUrl,
      loud.owner.email,
      `Oscar Offerer wants to pick up your ${loud.request.route} (${shortDate(loud.request.date)}) and offers their P-OFFER in exchange`,
    );
    expect(await readOutbox(app.databaseUrl, quiet.owner.email)).toEqual([]);
    expect(
      await sql(
        app.databaseUrl,
        `select id from user_activity_logs where activity_type = 'email_sent' and reference_id = $1 and reference_type = 'trade_request'`,
        [offer.id],
      ),
    ).toEqual([]);
  });
});
