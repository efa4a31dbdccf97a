// How a thread or chat room takes messages from the answer to a send, events and REST pages.
import { describe, expect, it } from 'vitest';
import { mergeNewestPage, prependPage, upsertMessage, withQuery, type ListedMessage } from './messageList.ts';

const m = (id: number, clientKey: string | null = null): ListedMessage & { text?: string } => ({ id, clientKey });
const ids = (items: ListedMessage[]) => items.map((x) => x.id);

describe('upsertMessage', () => {
  it('replaces the stand-in of a send with the server copy by clientKey, and the event after it changes nothing', () => {
    let list = upsertMessage([m(1), m(2)], m(-1, 'key-a'));
    expect(ids(list)).toEqual([1, 2, -1]);
    list = upsertMessage(list, m(3, 'key-a'));
    expect(ids(list)).toEqual([1, 2, 3]);
    const again = upsertMessage(list, m(3, 'key-a'));
    expect(ids(again)).toEqual([1, 2, 3]);
  });

  it('the event before the answer: still one message', () => {
    let list = upsertMessage([m(1)], m(-5, 'key-b'));
    list = upsertMessage(list, { id: 4, clientKey: 'key-b' });
    list = upsertMessage(list, { id: 4, clientKey: 'key-b' });
    expect(ids(list)).toEqual([1, 4]);
  });

  it('keeps the list oldest first whatever the arrival order, stand-ins last', () => {
    let list = upsertMessage([], m(-1, 'k1'));
    list = upsertMessage(list, m(5));
    list = upsertMessage(list, m(3));
    expect(ids(list)).toEqual([3, 5, -1]);
  });
});

describe('mergeNewestPage', () => {
  it('a page reaching the start is the whole history: what is missing was deleted', () => {
    const { items, nextBefore } = mergeNewestPage([m(1), m(2), m(3)], [m(1), m(3), m(4)], null, null);
    expect(ids(items)).toEqual([1, 3, 4]);
    expect(nextBefore).toBeNull();
  });

  it('an overlapping page keeps older held messages and their paging point', () => {
    const { items, nextBefore } = mergeNewestPage([m(1), m(2), m(3)], [m(3), m(4)], 3, 1);
    expect(ids(items)).toEqual([1, 2, 3, 4]);
    expect(nextBefore).toBe(1);
  });

  it('a page with no overlap drops the held ones so no gap hides between them', () => {
    const { items, nextBefore } = mergeNewestPage([m(1), m(2)], [m(10), m(11)], 10, null);
    expect(ids(items)).toEqual([10, 11]);
    expect(nextBefore).toBe(10);
  });

  it('keeps stand-ins not yet answered, drops those the page holds by clientKey, and never brings back deleted ids', () => {
    const { items } = mergeNewestPage([m(1), m(-1, 'a'), m(-2, 'b')], [m(1), m(2, 'a'), m(3)], null, null, new Set([3]));
    expect(ids(items)).toEqual([1, 2, -2]);
  });
});

describe('prependPage and withQuery', () => {
  it('puts an earlier page in front without duplicates', () => {
    expect(ids(prependPage([m(3), m(4)], [m(1), m(2), m(3)]))).toEqual([1, 2, 3, 4]);
  });

  it('adds only the query values that are set', () => {
    expect(withQuery('/api/crew-members', { search: 'ann b' })).toBe('/api/crew-members?search=ann+b');
    expect(withQuery('/api/crew-members', { search: '' })).toBe('/api/crew-members');
  });
});
