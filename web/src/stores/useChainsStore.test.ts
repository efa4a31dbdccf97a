// The chains store fed as the app feeds it: the answer to one's own accept or decline, 'chain:update'
// events for the same chain in any order, and a GET that may overlap them. No server: a stubbed
// fetch stands in for the endpoints, so these are the store's rules.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChainDecision } from '#protocol/enums.ts';
import type { ChainItem, ChainMember, CurrentUser, TradeRequestItem } from '#protocol/shapes.ts';
import { chainBellMessage, chainTitle, joinNames, otherNames } from '../lib/chainText.ts';
import { refreshLiveStores } from './liveStores.ts';
import { requestItem } from './requestItem.fixture.ts';
import { nextMember, previousMember } from '../lib/chainMembers.ts';
import { awaitsAnswer, isNewerChain, useChainsStore } from './useChainsStore.ts';
import { useSessionStore } from './useSessionStore.ts';

const ME = 7;
const B = 8;
const C = 9;
const NAMES: Record<number, [string, string]> = { [ME]: ['Amy', 'Able'], [B]: ['Ben', 'Baker'], [C]: ['Cat', 'Cole'] };

function request(userId: number, date: string): TradeRequestItem {
  const [firstName, lastName] = NAMES[userId]!;
  return requestItem(
    { id: userId * 10, userId, type: 'trade', date, route: `P${userId}` },
    { id: userId, firstName, lastName, employeeNumber: String(userId) },
  );
}

const member = (userId: number, date: string, decision: ChainDecision = 'pending'): ChainMember => ({
  user: request(userId, date).user,
  request: request(userId, date),
  decision,
});

/** The cycle ME → B → C → ME: B gets my trip, C gets B's, I get C's. */
function chain(
  id: number,
  decisions: [ChainDecision, ChainDecision, ChainDecision] = ['pending', 'pending', 'pending'],
  over: Partial<ChainItem> = {},
): ChainItem {
  return {
    id,
    status: 'proposed',
    members: [member(ME, '2030-02-01', decisions[0]), member(B, '2030-02-02', decisions[1]), member(C, '2030-02-03', decisions[2])],
    createdAt: '2030-01-02T00:00:00.000Z',
    updatedAt: '2030-01-02T00:00:00.000Z',
    ...over,
  };
}

const store = () => useChainsStore.getState();
const held = (id: number) => store().items.find((c) => c.id === id);
const decisions = (id: number) => held(id)?.members.map((m) => m.decision);

/** A fetch stub answering each call with `body` (JSON) and `status`, recording method and path. */
function answer(body: unknown, status = 200) {
  const calls: string[] = [];
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

beforeEach(() => {
  useSessionStore.setState({ user: { id: ME } as CurrentUser, loading: false });
  store().reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('answers and events on the chains store', () => {
  it('accept applies the answer with no GET; its event afterwards changes nothing', async () => {
    store().upsert(chain(1));
    const accepted = chain(1, ['accepted', 'pending', 'pending'], { updatedAt: '2030-01-03T00:00:00.000Z' });
    const calls = answer(accepted);
    await expect(store().accept(1)).resolves.toEqual(accepted);
    expect(calls).toEqual(['POST /api/chains/1/accept']);
    store().upsert(accepted);
    expect(store().items).toHaveLength(1);
    expect(decisions(1)).toEqual(['accepted', 'pending', 'pending']);
  });

  it('another member’s answer that arrived first is not undone by the older answer to one’s own accept', async () => {
    store().upsert(chain(1));
    // B answered after me: the event carries both answers and reaches the tab before my answer does.
    store().upsert(chain(1, ['accepted', 'accepted', 'pending'], { updatedAt: '2030-01-03T00:00:02.000Z' }));
    answer(chain(1, ['accepted', 'pending', 'pending'], { updatedAt: '2030-01-03T00:00:01.000Z' }));
    await store().accept(1);
    expect(decisions(1)).toEqual(['accepted', 'accepted', 'pending']);
  });

  it('an ended chain stays ended: a late proposed copy does not bring the buttons back', () => {
    store().upsert(chain(1, ['accepted', 'accepted', 'accepted'], { status: 'completed', updatedAt: '2030-01-03T00:00:00.000Z' }));
    store().upsert(chain(1, ['accepted', 'accepted', 'pending'], { updatedAt: '2030-01-04T00:00:00.000Z' }));
    expect(held(1)?.status).toBe('completed');
    store().upsert(chain(2, ['pending', 'declined', 'pending'], { status: 'declined' }));
    store().upsert(chain(2));
    expect(held(2)?.status).toBe('declined');
  });

  it('a chain proposed by event is added; the same event twice shows it once', () => {
    const proposed = chain(3);
    store().upsert(proposed);
    store().upsert({ ...proposed });
    expect(store().items.map((c) => c.id)).toEqual([3]);
  });

  it('the same answers with a later updatedAt (a member’s request saved) replace the held copy', () => {
    store().upsert(chain(1));
    const edited = chain(1, undefined, { updatedAt: '2030-01-05T00:00:00.000Z' });
    edited.members[1] = { ...edited.members[1]!, request: { ...edited.members[1]!.request!, notes: 'new' } };
    store().upsert(edited);
    expect(held(1)?.members[1]?.request?.notes).toBe('new');
  });

  it('decline posts to its own path and applies the ended chain', async () => {
    store().upsert(chain(1));
    const calls = answer(chain(1, ['declined', 'pending', 'pending'], { status: 'declined' }));
    await store().decline(1);
    expect(calls).toEqual(['POST /api/chains/1/decline']);
    expect(held(1)?.status).toBe('declined');
  });

  it('a refused answer throws "STATUS: body" and changes nothing', async () => {
    store().upsert(chain(1));
    answer({ message: 'This trade chain is no longer open' }, 409);
    await expect(store().accept(1)).rejects.toThrow('409: {"message":"This trade chain is no longer open"}');
    expect(decisions(1)).toEqual(['pending', 'pending', 'pending']);
  });

  it('a GET answered after an event does not undo it', async () => {
    store().upsert(chain(1));
    let respond: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (respond = resolve))),
    );
    const loading = store().fetch();
    store().upsert(chain(1, ['pending', 'declined', 'pending'], { status: 'declined' }));
    respond(new Response(JSON.stringify([chain(1)]), { status: 200 }));
    await loading;
    expect(held(1)?.status).toBe('declined');
    expect(store().loaded).toBe(true);
  });

  it('a reconnect refetches the chains once loaded, and sign-out (reset) empties them', async () => {
    const calls = answer([chain(4)]);
    await refreshLiveStores();
    expect(calls).not.toContain('GET /api/chains');
    await store().fetch();
    calls.length = 0;
    await refreshLiveStores();
    expect(calls).toContain('GET /api/chains');
    store().reset();
    expect(store().items).toEqual([]);
    expect(store().loaded).toBe(false);
  });
});

describe('chain rules and texts', () => {
  it('a copy further along is newer: an end beats proposed, more answers beat fewer, then updatedAt', () => {
    expect(isNewerChain(chain(1, ['accepted', 'pending', 'pending']), chain(1))).toBe(true);
    expect(isNewerChain(chain(1), chain(1, ['accepted', 'pending', 'pending']))).toBe(false);
    expect(
      isNewerChain(chain(1, ['declined', 'pending', 'pending'], { status: 'declined' }), chain(1, ['accepted', 'accepted', 'pending'])),
    ).toBe(true);
    expect(isNewerChain(chain(1, undefined, { updatedAt: '2030-01-09T00:00:00.000Z' }), chain(1))).toBe(true);
    expect(isNewerChain(chain(1), { ...chain(1) })).toBe(false);
  });

  it('each member gives to the next and gets from the previous, round the cycle', () => {
    const c = chain(1);
    expect(nextMember(c, 0)?.user.id).toBe(B);
    expect(nextMember(c, 2)?.user.id).toBe(ME);
    expect(previousMember(c, 0)?.user.id).toBe(C);
    expect(previousMember(c, 1)?.user.id).toBe(ME);
  });

  it('a chain awaits the user’s answer only while proposed and their own decision is pending', () => {
    expect(awaitsAnswer(chain(1), ME)).toBe(true);
    expect(awaitsAnswer(chain(1, ['accepted', 'pending', 'pending']), ME)).toBe(false);
    expect(awaitsAnswer(chain(1, ['pending', 'declined', 'pending'], { status: 'declined' }), ME)).toBe(false);
    expect(awaitsAnswer(chain(1), 99)).toBe(false);
  });

  it('the bell’s texts name the other two from the user’s next, and say what the user gives and gets', () => {
    expect(joinNames(['A'])).toBe('A');
    expect(joinNames(['A', 'B', 'C'])).toBe('A, B and C');
    expect(otherNames(chain(1), C)).toEqual(['Amy Able', 'Ben Baker']);
    expect(chainTitle(chain(1), ME)).toBe('Three-way trade with Ben Baker and Cat Cole');
    expect(chainBellMessage(chain(1), ME)).toBe('You give P7 on Feb 1, 2030 and get P9 on Feb 3, 2030');
    const gone = chain(1);
    // A member who deleted their request (the chain is cancelled then) has none.
    gone.members[2] = { ...gone.members[2]!, request: null };
    expect(chainBellMessage(gone, ME)).toBe('You give P7 on Feb 1, 2030 and get request deleted');
  });
});
