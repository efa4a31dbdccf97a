import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { listStore } from './listStore.ts';
import { newestFirstBy } from './paging.ts';

interface Item {
  id: number;
  v: number;
}

/** A GET whose answer the test gives when it wants: the store's loader, not a fake server. */
function pendingLoads() {
  const answers: ((items: Item[]) => void)[] = [];
  const load = () => new Promise<Item[]>((resolve) => answers.push(resolve));
  return { load, answer: (i: number, items: Item[]) => answers[i]?.(items) };
}

const makeStore = (load: () => Promise<Item[]>) => createStore(listStore<Item>(load, { isNewer: (a, b) => a.v > b.v }));

describe('a list store fed by a GET, write answers and events', () => {
  it('an item applied from an answer and again from its event is there once', () => {
    const store = makeStore(() => Promise.resolve([]));
    store.getState().upsert({ id: 1, v: 1 });
    store.getState().upsert({ id: 1, v: 1 });
    expect(store.getState().items).toEqual([{ id: 1, v: 1 }]);
  });

  it('a deleted item stays deleted: a late event, a late answer or a refetch does not bring it back', async () => {
    const store = makeStore(() => Promise.resolve([{ id: 1, v: 1 }]));
    store.getState().upsert({ id: 1, v: 1 });
    store.getState().markDeleted(1);
    store.getState().upsert({ id: 1, v: 2 });
    expect(store.getState().items).toEqual([]);
    await store.getState().fetch();
    expect(store.getState().items).toEqual([]);
  });

  it('an item that only left (remove) may come back', () => {
    const store = makeStore(() => Promise.resolve([]));
    store.getState().upsert({ id: 1, v: 1 });
    store.getState().remove(1);
    store.getState().upsert({ id: 1, v: 2 });
    expect(store.getState().items).toEqual([{ id: 1, v: 2 }]);
  });

  it('a GET answered after events does not undo them', async () => {
    const loads = pendingLoads();
    const store = makeStore(loads.load);
    const fetching = store.getState().fetch();
    // While the GET runs: one item is removed, one edited, one added.
    store.getState().remove(1);
    store.getState().upsert({ id: 2, v: 3 });
    store.getState().upsert({ id: 4, v: 1 });
    loads.answer(0, [
      { id: 1, v: 1 },
      { id: 2, v: 2 },
      { id: 3, v: 1 },
    ]);
    await fetching;
    expect(store.getState().items).toEqual([
      { id: 2, v: 3 },
      { id: 3, v: 1 },
      { id: 4, v: 1 },
    ]);
    expect(store.getState().loaded).toBe(true);
  });

  it('only the latest of two GETs counts, and a reset drops the one under way', async () => {
    const loads = pendingLoads();
    const store = makeStore(loads.load);
    const first = store.getState().fetch();
    const second = store.getState().fetch();
    loads.answer(1, [{ id: 2, v: 1 }]);
    loads.answer(0, [{ id: 1, v: 1 }]);
    await Promise.all([first, second]);
    expect(store.getState().items).toEqual([{ id: 2, v: 1 }]);

    const third = store.getState().fetch();
    store.getState().reset();
    loads.answer(2, [{ id: 3, v: 1 }]);
    await third;
    expect(store.getState()).toMatchObject({ items: [], loaded: false });
  });

  it('a failed GET keeps the items and says so', async () => {
    const store = makeStore(() => Promise.reject(new Error('503: {"message":"down"}')));
    store.getState().upsert({ id: 1, v: 1 });
    await store.getState().fetch();
    expect(store.getState()).toMatchObject({ items: [{ id: 1, v: 1 }], loaded: true, error: true });
  });
});

describe('a list store a page at a time (docs/decisions/0020)', () => {
  /** A list of `n` items served in pages of `size`, the cursor being the index where the next starts. */
  function pagedServer(all: Item[], size: number) {
    const asked: (string | null)[] = [];
    const source = (cursor: string | null) => {
      asked.push(cursor);
      const from = cursor === null ? 0 : Number(cursor);
      const items = all.slice(from, from + size);
      const next = from + size < all.length ? String(from + size) : null;
      return Promise.resolve({ items: structuredClone(items), next, total: all.length, headers: null });
    };
    return { source, asked, all };
  }
  const byId = (a: Item, b: Item) => a.id - b.id;
  const items = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ id: from + i, v: 1 }));
  const paged = (server: ReturnType<typeof pagedServer>) =>
    createStore(listStore<Item>(server.source, { isNewer: (a, b) => a.v > b.v, order: byId }));
  const ids = (store: ReturnType<typeof paged>) => store.getState().items.map((x) => x.id);

  it('loads the first page, then each next page on loadMore, until the list ends', async () => {
    const server = pagedServer(items(7), 3);
    const store = paged(server);
    await store.getState().fetch();
    expect(store.getState()).toMatchObject({ next: '3', total: 7, loaded: true });
    expect(ids(store)).toEqual([1, 2, 3]);
    await store.getState().loadMore();
    await store.getState().loadMore();
    expect(ids(store)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(store.getState().next).toBeNull();
    await store.getState().loadMore();
    expect(server.asked).toEqual([null, '3', '6']);
  });

  it('a change past the last page loaded waits for its page; one within the pages shows at once', async () => {
    const server = pagedServer(items(6), 3);
    const store = paged(server);
    await store.getState().fetch();
    store.getState().upsert({ id: 5, v: 2 });
    store.getState().upsert({ id: 2, v: 2 });
    expect(store.getState().items).toEqual([
      { id: 1, v: 1 },
      { id: 2, v: 2 },
      { id: 3, v: 1 },
    ]);
    // Its page brings it, and the newer copy heard meanwhile stands over the page's older one.
    await store.getState().loadMore();
    expect(store.getState().items.find((x) => x.id === 5)).toEqual({ id: 5, v: 2 });
    // Every page loaded: a change anywhere shows.
    store.getState().upsert({ id: 9, v: 1 });
    expect(ids(store)).toContain(9);
  });

  it('an item deleted before its page comes stays out of it', async () => {
    const server = pagedServer(items(6), 3);
    const store = paged(server);
    await store.getState().fetch();
    store.getState().markDeleted(4);
    await store.getState().loadMore();
    expect(ids(store)).toEqual([1, 2, 3, 5, 6]);
  });

  it('a refresh reads as many pages as were loaded, and what they say is the truth', async () => {
    const server = pagedServer(items(8), 3);
    const store = paged(server);
    await store.getState().fetch();
    await store.getState().loadMore();
    // Deleted on the server while away (the event was lost).
    server.all.splice(1, 1);
    await store.getState().fetch();
    expect(ids(store)).toEqual([1, 3, 4, 5, 6, 7]);
    expect(store.getState().next).toBe('6');
    expect(server.asked).toEqual([null, '3', null, '3']);
  });

  it('a page that comes after a refresh began is dropped, and a reset forgets the pages', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const server = pagedServer(items(6), 3);
    const slow = async (cursor: string | null) => {
      if (cursor !== null) await gate;
      return server.source(cursor);
    };
    const store = createStore(listStore<Item>(slow, { order: byId }));
    await store.getState().fetch();
    const more = store.getState().loadMore();
    expect(store.getState().loadingMore).toBe(true);
    const refreshed = store.getState().fetch();
    release();
    await Promise.all([more, refreshed]);
    expect(ids(store)).toEqual([1, 2, 3]);
    expect(store.getState().loadingMore).toBe(false);
    store.getState().reset();
    expect(store.getState()).toMatchObject({ items: [], next: null, total: null, loaded: false });
  });
});

describe('a newest-first list whose times tie within a millisecond', () => {
  it('keeps every item of a page, whatever the server’s order within the tie', async () => {
    const at = '2030-01-01T00:00:00.000Z';
    type Timed = { id: number; createdAt: string };
    // The server's order within one millisecond is by the microsecond: ids ascending here.
    const page = [1, 2, 3].map((id) => ({ id, createdAt: at }));
    const store = createStore(
      listStore<Timed>(() => Promise.resolve({ items: page, next: 'more', total: null, headers: null }), { order: newestFirstBy('createdAt') }),
    );
    await store.getState().fetch();
    expect(store.getState().items.map((x) => x.id)).toEqual([1, 2, 3]);
    // A change to one of them stays; a new item of the same millisecond is kept too (within the pages).
    store.getState().upsert({ id: 2, createdAt: at });
    store.getState().upsert({ id: 9, createdAt: at });
    store.getState().upsert({ id: 10, createdAt: '2029-12-31T23:59:59.999Z' });
    expect(store.getState().items.map((x) => x.id)).toEqual([1, 2, 3, 9]);
  });
});
