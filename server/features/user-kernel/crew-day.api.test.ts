// "Today" is the day at the crew member's base (docs/decisions/0024): with the clock fixed on either
// side of UTC midnight, the board and matching of a base in the Americas and of one in Asia each
// go by their own date, and a base the airport table does not know keeps working.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { datePassedText } from '#protocol/base-day.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { freshGroup } from '../offers/offers.fixtures.ts';
import { requestBody } from '../requests/requests.fixtures.ts';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
let atl: [SignedInUser, SignedInUser];
let nrt: [SignedInUser, SignedInUser];
let unknown: SignedInUser;

beforeAll(async () => {
  app = await startTestApp();
  // Same airline/position/aircraft, a fresh airline per run is not needed: each base is its own group,
  // and the position keeps these groups apart from other files' ATL crew.
  const a = { base: 'ATL', position: 'flight_attendant' as const, aircraftType: 'A350' as const };
  const n = { base: 'NRT', position: 'flight_attendant' as const, aircraftType: 'A350' as const };
  atl = [await makeUser(app, a), await makeUser(app, a)];
  nrt = [await makeUser(app, n), await makeUser(app, n)];
  unknown = await makeUser(app, { ...freshGroup(), base: 'QQQ' });
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The server's clock (it runs in this process) stands at `iso`. */
const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

async function post(who: SignedInUser, over: Record<string, unknown>): Promise<TradeRequestItem> {
  const res = await who.client.post('/api/requests', requestBody(over));
  expect(res.status).toBe(201);
  return res.body;
}
const boardIds = async (who: SignedInUser) => ((await who.client.get('/api/all-trades')).body as TradeRequestItem[]).map((r) => r.id);

describe('the board and matching go by the day at the base', () => {
  it('Atlanta after UTC midnight: June 10 is still today there, so it stays on the board and matches', async () => {
    at('2026-06-11T00:30:00Z'); // 20:30 on June 10 in Atlanta
    const drop = await post(atl[0], { type: 'drop', date: '2026-06-10', route: 'ATL-EVE' });
    const pickup = await post(atl[1], { type: 'pickup', date: '2026-06-10', routeType: 'pairing', route: 'ATL-EVE2' });
    expect(await boardIds(atl[1])).toContain(drop.id);
    const matches = (await atl[1].client.get('/api/matches')).body as { id: number }[];
    expect(matches.length).toBeGreaterThan(0);
    // Not yesterday's: June 9 is past in Atlanta too, and refused naming Atlanta's day.
    const old = await atl[0].client.post('/api/requests', requestBody({ type: 'drop', date: '2026-06-09' }));
    expect([old.status, old.body.message]).toEqual([400, datePassedText('2026-06-10')]);
    expect(pickup.id).toBeGreaterThan(0);
  });

  it('Atlanta before UTC midnight: June 10 is today on both reckonings', async () => {
    at('2026-06-10T23:30:00Z'); // 19:30 on June 10 in Atlanta
    const drop = await post(atl[0], { type: 'drop', date: '2026-06-10', route: 'ATL-LATE' });
    expect(await boardIds(atl[1])).toContain(drop.id);
  });

  it('Tokyo before UTC midnight: it is already June 11 there, so June 10 has left the board', async () => {
    at('2026-06-10T23:30:00Z'); // 08:30 on June 11 in Tokyo
    // June 10 is over in Tokyo though not in UTC: refused with Tokyo's day.
    const past = await nrt[0].client.post('/api/requests', requestBody({ type: 'drop', date: '2026-06-10', route: 'NRT-PAST' }));
    expect([past.status, past.body.message]).toEqual([400, datePassedText('2026-06-11')]);
    const today = await post(nrt[0], { type: 'drop', date: '2026-06-11', route: 'NRT-TODAY' });
    expect(await boardIds(nrt[1])).toContain(today.id);
  });

  it('Tokyo after UTC midnight: June 11 is today there as in UTC', async () => {
    at('2026-06-11T00:30:00Z');
    const today = await post(nrt[0], { type: 'drop', date: '2026-06-11', route: 'NRT-NOON' });
    expect(await boardIds(nrt[1])).toContain(today.id);
  });
});

describe('a base the airport table does not know', () => {
  it('keeps working: UTC until the crew member picks a zone in Profile Settings, and the pick is checked', async () => {
    const me = (await unknown.client.get('/api/auth/user')).body;
    expect(me).toMatchObject({ base: 'QQQ', baseTimeZone: null, timeZone: 'UTC', timeZoneChoice: null });
    const profile = {
      firstName: me.firstName,
      lastName: me.lastName,
      airline: me.airline,
      position: me.position,
      employeeNumber: me.employeeNumber,
      base: me.base,
      aircraftType: me.aircraftType,
    };
    const bad = await unknown.client.put('/api/profile', { ...profile, timeZone: 'Mars/Olympus' });
    expect([bad.status, bad.body.message]).toEqual([400, MSG.timeZoneInvalid]);
    const saved = await unknown.client.put('/api/profile', { ...profile, timeZone: 'Asia/Kolkata' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ timeZone: 'Asia/Kolkata', timeZoneChoice: 'Asia/Kolkata', baseTimeZone: null });
    const drop = await post(unknown, { type: 'drop', date: '2099-01-01' });
    expect(await boardIds(unknown)).toContain(drop.id);
  });

  it('an Atlanta crew member sees the base zone, whatever they picked', async () => {
    const me = (await atl[0].client.get('/api/auth/user')).body;
    expect(me).toMatchObject({ timeZone: 'America/New_York', baseTimeZone: 'America/New_York' });
  });
});
