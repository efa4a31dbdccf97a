// Matches live and die with their requests, and a system close is never a decline (docs/decisions/0042):
// a fill, a deletion and an edit each end the matches they break, in the same transaction, for both
// sides, listed and live; a pair that meets again matches anew.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedSentence } from '#protocol/closedText.ts';
import type { DashboardStats, MatchItem, OfferItem, UserActivityReport } from '#protocol/shapes.ts';
import { makeAdmin, makeUser, type SignedInUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { connectSocket, nextEventWhere } from '../../test/socket-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { freshGroup, postRequest, sendOffer } from '../offers/offers.fixtures.ts';
import { inDays } from '../requests/requests.fixtures.ts';
import { CLOSED_LISTED_DAYS } from '../matches/matches.queries.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const matchesOf = async (u: SignedInUser) => (await u.client.get<MatchItem[]>('/api/matches')).body;
const stats = async (u: SignedInUser) => (await u.client.get<DashboardStats>('/api/dashboard/stats')).body;
const bell = async (u: SignedInUser) => (await u.client.get<{ matchId?: number }[]>('/api/notifications')).body;

/** Liam's pickup on one day matched Maya's drop and Sofia's drop (the issue's walk). */
async function liamMayaSofia() {
  const group = freshGroup();
  const liam = await makeUser(app, { ...group, firstName: 'Liam', lastName: 'Brennan' });
  const maya = await makeUser(app, { ...group, firstName: 'Maya', lastName: 'Chen' });
  const sofia = await makeUser(app, { ...group, firstName: 'Sofia', lastName: 'Reyes' });
  const date = inDays(5);
  const mayaDrop = await postRequest(maya, { type: 'drop', date });
  const sofiaDrop = await postRequest(sofia, { type: 'drop', date });
  const liamPickup = await postRequest(liam, { type: 'pickup', date });
  const mine = await matchesOf(liam);
  const withMaya = mine.find((m) => m.matchedRequest.id === mayaDrop.id)!;
  const withSofia = mine.find((m) => m.matchedRequest.id === sofiaDrop.id)!;
  expect([withMaya.status, withSofia.status]).toEqual(['pending', 'pending']);
  return { liam, maya, sofia, date, mayaDrop, sofiaDrop, liamPickup, withMaya, withSofia };
}

/** Liam takes Sofia's trip: an offer from his match with her, accepted. */
async function liamTakesSofias(w: Awaited<ReturnType<typeof liamMayaSofia>>) {
  expect((await w.liam.client.put(`/api/matches/${w.withSofia.id}/status`, { status: 'trade_requested' })).status).toBe(200);
  const offer = await sendOffer(w.liam, w.sofiaDrop);
  expect((await w.sofia.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' })).status).toBe(200);
}

describe('a match ends with its request', () => {
  it('by a fill: Maya’s match with Liam is closed for both, leaves her bell and counts, live, and says why', async () => {
    const w = await liamMayaSofia();
    // Maya had also offered her drop to Liam.
    expect((await w.maya.client.put(`/api/matches/${w.withMaya.id}/status`, { status: 'trade_requested' })).status).toBe(200);
    const mayaOffer = await sendOffer(w.maya, w.liamPickup, { requestType: 'drop' });
    expect((await stats(w.maya)).pendingMatches).toBe(0);
    const socket = await connectSocket(app.url, w.maya.client.cookieHeader);
    try {
      const closedLive = nextEventWhere(socket, 'match:update', (p) => p.id === w.withMaya.id);
      await liamTakesSofias(w);
      expect(await closedLive).toEqual({
        id: w.withMaya.id,
        status: 'closed',
        closedReason: 'request_filled',
        closedByRequestId: w.liamPickup.id,
      });
    } finally {
      socket.close();
    }
    for (const who of [w.maya, w.liam]) {
      const m = (await matchesOf(who)).find((x) => x.id === w.withMaya.id);
      expect(m).toMatchObject({ status: 'closed', closedReason: 'request_filled', closedByRequestId: w.liamPickup.id });
      expect((await bell(who)).map((n) => n.matchId)).not.toContain(w.withMaya.id);
    }
    expect((await stats(w.maya)).pendingMatches).toBe(0);
    // Maya reads why, from her side.
    const [mine] = (await matchesOf(w.maya)).filter((x) => x.id === w.withMaya.id);
    const liamsRequest = mine!.matchedRequest;
    expect(closedSentence('request_filled', { own: false, ownerName: 'Liam', type: liamsRequest.type, date: liamsRequest.date })).toBe(
      `Liam's pickup on ${new Date(`${w.date}T00:00:00Z`).toLocaleString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })} was filled`,
    );
    // Acting on it is refused with the server's reason.
    const again = await w.maya.client.put(`/api/matches/${w.withMaya.id}/status`, { status: 'trade_requested' });
    expect(again.status).toBe(409);
    // Her offer was closed, not declined: its own status and reason, her bell says why, no decline counted anywhere.
    const finished = (await w.maya.client.get<OfferItem[]>('/api/user-trades')).body.find((o) => o.id === mayaOffer.id);
    expect(finished).toMatchObject({ status: 'closed', closedReason: 'request_filled' });
    const note = (
      await w.maya.client.get<{ tradeRequestId: number; title: string; message: string }[]>('/api/trade-request-notifications')
    ).body.find((n) => n.tradeRequestId === mayaOffer.id);
    expect(note).toMatchObject({
      title: 'Trade Request Closed',
      message: expect.stringMatching(/^Liam's pickup on \w{3} \d+ was filled$/),
    });
    // The admin log says what happened to whose offer, and nobody declined it.
    const admin = await makeAdmin(app);
    const { logs } = (await admin.client.get<UserActivityReport>('/api/admin/user-activity')).body;
    const about = logs.filter(
      (l) => l.referenceType === 'trade_request' && l.referenceId === mayaOffer.id && l.activityType !== 'email_sent',
    );
    expect(about.map((l) => [l.activityType, l.user?.id, l.targetUser?.id])).toEqual([
      ['trade_request_closed', w.maya.user.id, w.liam.user.id],
      ['trade_request_sent', w.maya.user.id, w.liam.user.id],
    ]);
    expect(JSON.parse(about[0]!.metadata!)).toMatchObject({ reason: 'request_filled' });
  });

  it('by a deletion: the colleague hears which request went, and the match leaves both lists', async () => {
    const w = await liamMayaSofia();
    const socket = await connectSocket(app.url, w.liam.client.cookieHeader);
    try {
      const gone = nextEventWhere(socket, 'match:update', (p) => p.id === w.withMaya.id);
      expect((await w.maya.client.delete(`/api/requests/${w.mayaDrop.id}`)).status).toBe(200);
      expect(await gone).toEqual({
        id: w.withMaya.id,
        status: 'deleted',
        closedReason: 'request_deleted',
        closedByRequestId: w.mayaDrop.id,
      });
    } finally {
      socket.close();
    }
    expect((await matchesOf(w.liam)).map((m) => m.id)).toEqual([w.withSofia.id]);
    expect(await matchesOf(w.maya)).toEqual([]);
  });

  it('by an edit: a drop moved to another day closes its match, moved back it matches anew (pending, in the bell again)', async () => {
    const w = await liamMayaSofia();
    const moved = await w.maya.client.put(`/api/requests/${w.mayaDrop.id}`, {
      type: 'drop',
      date: inDays(9),
      routeType: 'pairing',
      route: w.mayaDrop.route,
      tripDays: 1,
    });
    expect(moved.status).toBe(200);
    for (const who of [w.maya, w.liam]) {
      expect((await matchesOf(who)).find((m) => m.id === w.withMaya.id)).toMatchObject({
        status: 'closed',
        closedReason: 'request_changed',
        closedByRequestId: w.mayaDrop.id,
      });
    }
    expect((await stats(w.liam)).pendingMatches).toBe(1);
    // Sofia's match with Liam was not touched.
    expect((await matchesOf(w.liam)).find((m) => m.id === w.withSofia.id)?.status).toBe('pending');

    const back = await w.maya.client.put(`/api/requests/${w.mayaDrop.id}`, {
      type: 'drop',
      date: w.date,
      routeType: 'pairing',
      route: w.mayaDrop.route,
      tripDays: 1,
    });
    expect(back.status).toBe(200);
    expect((await matchesOf(w.maya)).find((m) => m.id === w.withMaya.id)).toMatchObject({ status: 'pending', closedReason: null });
    expect((await stats(w.liam)).pendingMatches).toBe(2);
    expect((await bell(w.maya)).map((n) => n.matchId)).toContain(w.withMaya.id);
  });

  it('an edit that keeps the match leaves it as it was', async () => {
    const w = await liamMayaSofia();
    const edited = await w.maya.client.put(`/api/requests/${w.mayaDrop.id}`, {
      type: 'drop',
      date: w.date,
      routeType: 'pairing',
      route: 'ATL9999',
      tripDays: 2,
      notes: 'still on',
    });
    expect(edited.status).toBe(200);
    expect((await matchesOf(w.maya)).find((m) => m.id === w.withMaya.id)).toMatchObject({ status: 'pending', closedReason: null });
  });

  it('a closed match is listed for a while, not for good; only its participants may touch it', async () => {
    const w = await liamMayaSofia();
    await liamTakesSofias(w);
    // Sofia is in neither side of Maya's match with Liam: as before, it is not found for her.
    expect((await w.sofia.client.put(`/api/matches/${w.withMaya.id}/status`, { status: 'trade_requested' })).status).toBe(404);
    expect((await w.sofia.client.delete(`/api/matches/${w.withMaya.id}`)).status).toBe(404);
    expect((await matchesOf(w.maya)).find((m) => m.id === w.withMaya.id)?.status).toBe('closed');

    // Closed longer ago than the list keeps them: gone from both lists, still refused as closed.
    await sql(app.databaseUrl, `update matches set updated_at = now() - make_interval(days => $2) where id = $1`, [
      w.withMaya.id,
      CLOSED_LISTED_DAYS + 1,
    ]);
    for (const who of [w.maya, w.liam]) expect((await matchesOf(who)).map((m) => m.id)).not.toContain(w.withMaya.id);
    expect((await w.maya.client.put(`/api/matches/${w.withMaya.id}/status`, { status: 'trade_requested' })).status).toBe(409);
    // Its participant may still remove it.
    expect((await w.maya.client.delete(`/api/matches/${w.withMaya.id}`)).status).toBe(200);
    expect((await w.sofia.client.delete(`/api/matches/${w.withMaya.id}`)).status).toBe(404);
  });
});
