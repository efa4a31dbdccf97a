// Test data for the three-way chain tests (imported by *.test.ts only).
import type { ChainItem } from '#protocol/shapes.ts';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { inDays, requestBody } from '../requests/requests.fixtures.ts';

let seq = 0;
/** A base of its own per call: each ring lives in a group no other test posts to. */
export const chainGroup = () => ({ base: `K${(seq++).toString(36).toUpperCase()}${Date.now().toString(36).slice(-3).toUpperCase()}` });

/** A trade request of `date` wanting `desired`. */
export const tradeBody = (date: string, desired: string, over: Record<string, unknown> = {}) =>
  requestBody({ type: 'trade', date, desiredDates: [desired], ...over });

export interface Ring {
  a: SignedInUser;
  b: SignedInUser;
  c: SignedInUser;
  /** Request ids of a, b and c. */
  ra: number;
  rb: number;
  rc: number;
  dates: [string, string, string];
  group: { base: string };
}

export interface RingOptions {
  /** Runs after A's and B's requests, before the closing one is posted. */
  before?: (r: Omit<Ring, 'rc'>) => Promise<void>;
  /** Who posts the closing request (C by default), and fields that replace its own. */
  closer?: (r: Omit<Ring, 'rc'>) => SignedInUser;
  closing?: Record<string, unknown>;
}

/**
 * Three crew of one group who cannot swap pairwise but can in a ring: A wants C's date, B wants
 * A's, C wants B's. C's request, posted last, closes the ring.
 */
export async function postRing(app: TestApp, options: RingOptions = {}): Promise<Ring> {
  const group = chainGroup();
  const offset = 10 + (seq % 40);
  const dates: [string, string, string] = [inDays(offset), inDays(offset + 1), inDays(offset + 2)];
  const [a, b, c] = await Promise.all(['Ada', 'Bo', 'Cy'].map((firstName) => makeUser(app, { ...group, firstName })));
  const ra = (await a!.client.post('/api/requests', tradeBody(dates[0], dates[2], { route: 'ATL100' }))).body.id as number;
  const rb = (await b!.client.post('/api/requests', tradeBody(dates[1], dates[0], { route: 'ATL200' }))).body.id as number;
  const partial = { a: a!, b: b!, c: c!, ra, rb, dates, group };
  await options.before?.(partial);
  const closer = options.closer?.(partial) ?? c!;
  const res = await closer.client.post('/api/requests', tradeBody(dates[2], dates[1], { route: 'ATL300', ...options.closing }));
  if (res.status !== 201) throw new Error(`closing request: ${res.status} ${res.text}`);
  const rc = res.body.id as number;
  return { ...partial, rc };
}

/** The one chain the user is in (fails the test when there is not exactly one). */
export async function onlyChain(user: SignedInUser): Promise<ChainItem> {
  const res = await user.client.get('/api/chains');
  if (res.status !== 200) throw new Error(`GET /api/chains: ${res.status} ${res.text}`);
  const chains = res.body as ChainItem[];
  if (chains.length !== 1) throw new Error(`expected one chain, got ${chains.length}`);
  return chains[0]!;
}
