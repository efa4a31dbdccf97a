// How a thread or chat room takes messages from the answer to a send, events and REST pages.
import { describe, expect, it } from 'vitest';
import { catchUpAnchor, mergeCaughtUp, mergeNewestPage, prependPage, upsertMessage, withQuery, type ListedMessage } from './messageList.ts';

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

describe('catching up from what is held (?after=)', () => {
  it('starts the overlap back from the newest stored message; nothing stored held: the newest page instead', () => {
    expect(catchUpAnchor([m(10), m(11), m(12), m(-1, 'k')], 2)).toBe(10);
    expect(catchUpAnchor([m(10), m(11)], 5)).toBe(9);
    expect(catchUpAnchor([m(-1, 'k')], 5)).toBeNull();
    expect(catchUpAnchor([], 5)).toBeNull();
  });

  it('takes the server’s range after the anchor as the truth, keeps what is held before it, and every live arrival', () => {
    const held = [m(1), m(2), m(3), m(4), m(9), m(-7, 'k-sent')];
    // 4 was deleted while away; 5..8 were missed; 9 is held; 10 arrived live while the pages were read.
    const fetched = [m(5), m(6), m(7), m(8), m(9), m(11, 'k-sent')];
    const merged = mergeCaughtUp([...held, m(10)], fetched, 3, new Set([6]), new Set([10]));
    expect(ids(merged)).toEqual([1, 2, 3, 5, 7, 8, 9, 10, 11]);
  });

  it('keeps a stand-in whose send has not been stored yet', () => {
    expect(ids(mergeCaughtUp([m(1), m(-2, 'k-later')], [m(2)], 1))).toEqual([1, 2, -2]);
  });
});

describe('withQuery on a path with a query', () => {
  it('adds, replaces and drops values, keeping the others', () => {
    expect(withQuery('/api/all-trades?type=drop', { cursor: 'abc' })).toBe('/api/all-trades?type=drop&cursor=abc');
    expect(withQuery('/api/all-trades?type=drop', { type: 'trade' })).toBe('/api/all-trades?type=trade');
    expect(withQuery('/api/all-trades?type=drop', { type: undefined })).toBe('/api/all-trades');
  });
});
