import { describe, expect, it } from 'vitest';
import { mergeFetched, removeById, upsertById, type ItemRules } from './keyedList.ts';

interface Item {
  id: number;
  v: number;
  on?: boolean;
}
const rules: ItemRules<Item> = { isNewer: (a, b) => a.v > b.v, keep: (x) => x.on !== false };
const none = new Set<number>();

describe('upsertById', () => {
  it('holds one item per id however often it arrives', () => {
    const once = upsertById<Item>([], { id: 1, v: 1 }, rules);
    const twice = upsertById(once, { id: 1, v: 1 }, rules);
    expect(twice).toEqual([{ id: 1, v: 1 }]);
  });

  it('replaces an older version in place and ignores an older one arriving late', () => {
    const list = [
      { id: 1, v: 1 },
      { id: 2, v: 1 },
    ];
    const edited = upsertById(list, { id: 1, v: 2 }, rules);
    expect(edited).toEqual([
      { id: 1, v: 2 },
      { id: 2, v: 1 },
    ]);
    expect(upsertById(edited, { id: 1, v: 1 }, rules)).toBe(edited);
  });

  it('drops an item that no longer belongs, unless what it holds is newer', () => {
    const list = [{ id: 1, v: 2 }];
    expect(upsertById(list, { id: 1, v: 3, on: false }, rules)).toEqual([]);
    expect(upsertById(list, { id: 1, v: 1, on: false }, rules)).toBe(list);
    expect(upsertById<Item>([], { id: 5, v: 1, on: false }, rules)).toEqual([]);
  });

  it('removeById leaves an unchanged list as it was', () => {
    const list = [{ id: 1, v: 1 }];
    expect(removeById(list, 2)).toBe(list);
    expect(removeById(list, 1)).toEqual([]);
  });
});

describe('mergeFetched', () => {
  const fetched = [
    { id: 1, v: 1 },
    { id: 2, v: 1 },
    { id: 3, v: 1 },
  ];

  it('takes the answer as it is when nothing changed meanwhile', () => {
    expect(mergeFetched([{ id: 9, v: 1 }], fetched, none, none, rules)).toEqual(fetched);
  });

  it('keeps what changed while the GET was under way: an edit, a removal, an addition', () => {
    const local = [
      { id: 1, v: 5 },
      { id: 4, v: 1 },
    ];
    const merged = mergeFetched(local, fetched, new Set([1, 2, 4]), none, rules);
    expect(merged).toEqual([
      { id: 1, v: 5 },
      { id: 3, v: 1 },
      { id: 4, v: 1 },
    ]);
  });

  it('takes the answer where it is newer than the local copy, and never a deleted id', () => {
    const merged = mergeFetched([{ id: 1, v: 0 }], fetched, new Set([1]), new Set([3]), rules);
    expect(merged).toEqual([
      { id: 1, v: 1 },
      { id: 2, v: 1 },
    ]);
  });
});
