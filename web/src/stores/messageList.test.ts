// How a thread or chat room takes messages from the answer to a send, events and REST pages.
import { describe, expect, it } from 'vitest';
import { mergeReadBack, prependPage, readBackStop, upsertMessage, withQuery, type HeldRange, type ListedMessage } from './messageList.ts';

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

describe('prependPage and withQuery', () => {
  it('puts an earlier page in front without duplicates', () => {
    expect(ids(prependPage([m(3), m(4)], [m(1), m(2), m(3)]))).toEqual([1, 2, 3, 4]);
  });

  it('adds only the query values that are set', () => {
    expect(withQuery('/api/crew-members', { search: 'ann b' })).toBe('/api/crew-members?search=ann+b');
    expect(withQuery('/api/crew-members', { search: '' })).toBe('/api/crew-members');
  });
});

describe('reading back from the newest page to the watermark (issue 40)', () => {
  const held = (messages: ListedMessage[], contiguousTo: number | null, nextBefore: number | null = null): HeldRange<ListedMessage> => ({
    messages,
    nextBefore,
    contiguousTo,
    behind: false,
  });

  it('stops at the watermark, or the overlap below it; messages heard after it do not count', () => {
    const room = held([m(10), m(11), m(12), m(20), m(22), m(-1, 'k')], 12);
    expect(readBackStop(room, 0)).toBe(12);
    expect(readBackStop(room, 2)).toBe(11);
    expect(readBackStop(room, 50)).toBe(10);
    // Nothing read yet: the newest page alone.
    expect(readBackStop(held([m(20)], null), 50)).toBeNull();
    // An empty room vouched for: the pages must reach its start.
    expect(readBackStop(held([m(20)], 0), 50)).toBe(0);
  });

  it('pages that join: the range read is the truth, the held ones below it stay, the watermark moves to the newest read', () => {
    // 1-10 vouched for; 12 and 14 heard live, 11 and 13 missed; 4 deleted while away; 15 heard while the pages were read.
    const room = held([...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((id) => m(id)), m(12), m(14), m(15), m(-7, 'k-sent')], 10);
    const read = { items: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16].map((id) => m(id, id === 16 ? 'k-sent' : null)), next: 5, joined: true, letGo: true };
    const merged = mergeReadBack(room, read, { arrived: new Set([15]), deleted: new Set([6]) });
    expect(ids(merged.messages)).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(merged.contiguousTo).toBe(16);
    expect(merged.nextBefore).toBeNull();
    expect(merged.behind).toBe(false);
  });

  it('a held message within the range that the pages lack was deleted; one heard before the read but missing from it too', () => {
    const room = held([m(1), m(2), m(3), m(9)], 3);
    const merged = mergeReadBack(room, { items: [m(2), m(3), m(5)], next: 2, joined: true, letGo: true });
    expect(ids(merged.messages)).toEqual([1, 2, 3, 5]);
  });

  it('pages that stop at their bound: the held ones below are let go, Load earlier reads them back, and the room says so', () => {
    const room = held([m(1), m(2), m(3), m(50), m(52), m(-2, 'k-later')], 3);
    const merged = mergeReadBack(room, { items: [m(60), m(61), m(62)], next: 60, joined: false, letGo: true });
    expect(ids(merged.messages)).toEqual([60, 61, 62, -2]);
    expect(merged.nextBefore).toBe(60);
    expect(merged.contiguousTo).toBe(62);
    expect(merged.behind).toBe(true);
  });

  it('a look at the newest page that does not reach the watermark keeps what is held and vouches for nothing new', () => {
    const room = held([m(1), m(2), m(3), m(50), m(52), m(61), m(63)], 3);
    const merged = mergeReadBack(room, { items: [m(60), m(62), m(63)], next: 60, joined: false, letGo: false });
    // 61 was deleted (the page's range is the truth); 50 and 52 stay, unchecked.
    expect(ids(merged.messages)).toEqual([1, 2, 3, 50, 52, 60, 62, 63]);
    expect(merged.nextBefore).toBeNull();
    expect(merged.contiguousTo).toBe(3);
    expect(merged.behind).toBe(false);
  });

  it('a first read (nothing vouched for) is the newest page, with what was heard while it was on its way', () => {
    const merged = mergeReadBack(held([m(30)], null), { items: [m(20), m(21)], next: 20, joined: false, letGo: false }, { arrived: new Set([30]) });
    expect(ids(merged.messages)).toEqual([20, 21, 30]);
    expect(merged.nextBefore).toBe(20);
    expect(merged.contiguousTo).toBe(21);
    expect(merged.behind).toBe(false);
  });

  it('keepCopy chooses between the held copy and the page’s', () => {
    type Read = ListedMessage & { isRead: boolean };
    const room: HeldRange<Read> = {
      messages: [{ id: 1, clientKey: null, isRead: true }],
      nextBefore: null,
      contiguousTo: 1,
      behind: false,
    };
    const merged = mergeReadBack(
      room,
      { items: [{ id: 1, clientKey: null, isRead: false }], next: null, joined: true, letGo: false },
      { keepCopy: (h, f) => (h.isRead ? { ...f, isRead: true } : f) },
    );
    expect(merged.messages[0]!.isRead).toBe(true);
  });
});

describe('withQuery on a path with a query', () => {
  it('adds, replaces and drops values, keeping the others', () => {
    expect(withQuery('/api/all-trades?type=drop', { cursor: 'abc' })).toBe('/api/all-trades?type=drop&cursor=abc');
    expect(withQuery('/api/all-trades?type=drop', { type: 'trade' })).toBe('/api/all-trades?type=trade');
    expect(withQuery('/api/all-trades?type=drop', { type: undefined })).toBe('/api/all-trades');
  });
});
