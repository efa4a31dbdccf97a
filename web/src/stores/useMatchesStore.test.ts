// 'match:update' on the matches store: a system close keeps the match with its reason and says why
// to the crew member whose colleague's request closed it; their own fill, edit or deletion says nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import type { CurrentUser, MatchItem } from '#protocol/shapes.ts';
import { requestItem } from './requestItem.fixture.ts';
import { useMatchesStore } from './useMatchesStore.ts';
import { useSessionStore } from './useSessionStore.ts';
import { useToastStore } from './useToastStore.ts';

const MAYA = 7;
const LIAM = 8;
const mayaDrop = requestItem({ id: 11, userId: MAYA, type: 'drop', date: '2030-12-03' }, { firstName: 'Maya' });
const liamPickup = requestItem({ id: 12, userId: LIAM, type: 'pickup', date: '2030-12-01' }, { firstName: 'Liam' });

const match = (over: Partial<MatchItem> = {}): MatchItem => ({
  id: 1,
  status: 'pending',
  closedReason: null,
  closedByRequestId: null,
  request: mayaDrop,
  matchedRequest: liamPickup,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...over,
});

const store = () => useMatchesStore.getState();
const shownToast = () => useToastStore.getState().toast;

function as(userId: number, items: MatchItem[]) {
  useSessionStore.setState({ user: { id: userId } as CurrentUser, loading: false });
  store().reset();
  for (const m of items) store().upsert(m);
  useToastStore.getState().dismiss();
}

describe("the matches store's 'match:update'", () => {
  beforeEach(() => as(MAYA, [match()]));

  it("a fill of the colleague's request: closed in place with its reason, and the toast says why", () => {
    const said = store().updated({ id: 1, status: 'closed', closedReason: 'request_filled', closedByRequestId: liamPickup.id });
    expect(said).toBe("Liam's pickup on Dec 1 was filled");
    expect(store().items).toEqual([match({ status: 'closed', closedReason: 'request_filled', closedByRequestId: liamPickup.id })]);
    expect(shownToast()).toMatchObject({ title: 'Match Closed', description: "Liam's pickup on Dec 1 was filled" });
    // The same event again changes nothing and says nothing more.
    useToastStore.getState().dismiss();
    expect(store().updated({ id: 1, status: 'closed', closedReason: 'request_filled', closedByRequestId: liamPickup.id })).toBeNull();
    expect(shownToast()).toBeNull();
  });

  it("one's own request filled or changed: closed, no toast", () => {
    expect(store().updated({ id: 1, status: 'closed', closedReason: 'request_changed', closedByRequestId: mayaDrop.id })).toBeNull();
    expect(store().items[0]).toMatchObject({ status: 'closed', closedReason: 'request_changed', closedByRequestId: mayaDrop.id });
    expect(shownToast()).toBeNull();
  });

  it("a colleague's deletion: the match goes and the toast names it; a plain deletion says nothing", () => {
    expect(store().updated({ id: 1, status: 'deleted', closedReason: 'request_deleted', closedByRequestId: liamPickup.id })).toBe(
      'Liam deleted their pickup on Dec 1',
    );
    expect(store().items).toEqual([]);
    as(MAYA, [match({ id: 2, status: 'approved' }), match({ id: 3 })]);
    expect(store().updated({ id: 3, status: 'deleted' })).toBeNull();
    // A completed trade removed with its request is no news.
    expect(store().updated({ id: 2, status: 'deleted', closedReason: 'request_deleted', closedByRequestId: liamPickup.id })).toBeNull();
    expect(store().items).toEqual([]);
    expect(shownToast()).toBeNull();
  });

  it('from the other side: Liam reads about Maya’s drop', () => {
    as(LIAM, [match()]);
    expect(store().updated({ id: 1, status: 'closed', closedReason: 'request_changed', closedByRequestId: mayaDrop.id })).toBe(
      "Maya's drop on Dec 3 changed and no longer matches",
    );
  });

  it('a status without a reason is applied as before; an unknown match is left alone', () => {
    expect(store().updated({ id: 1, status: 'trade_requested' })).toBeNull();
    expect(store().items[0]?.status).toBe('trade_requested');
    expect(store().updated({ id: 99, status: 'closed', closedReason: 'request_filled', closedByRequestId: 12 })).toBeNull();
    expect(store().items.map((m) => m.id)).toEqual([1]);
  });
});
