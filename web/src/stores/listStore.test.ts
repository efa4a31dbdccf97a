import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { listStore } from './listStore.ts';

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
