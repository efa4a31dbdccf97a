// The roster store against a stubbed fetch (docs/decisions/0023, 0040): what an upload answers, and the
// roster after kinds set by hand, answered in or out of order. No server: these are the store rules.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ROSTER_LIMITS, type RosterDuty, type RosterInfo } from '#protocol/roster.ts';
import type { DutyKind } from '#protocol/roster-kinds.ts';
import { conflictOf, useRosterStore } from './useRosterStore.ts';

const duty = (uid: string, day: string, kind: DutyKind, over: Partial<RosterDuty> = {}): RosterDuty => ({
  uid,
  kind,
  start: `${day}T00:00:00.000Z`,
  end: `${day}T23:59:00.000Z`,
  title: uid,
  pairing: null,
  allDay: true,
  startDay: day,
  endDay: day,
  ...over,
});
const roster = (...duties: RosterDuty[]): RosterInfo => ({
  duties,
  updatedAt: '2030-01-01T00:00:00.000Z',
  limits: DEFAULT_ROSTER_LIMITS,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const store = () => useRosterStore.getState();

beforeEach(() => store().reset());
afterEach(() => vi.unstubAllGlobals());

describe('an upload', () => {
  it('answers the server’s sentence as it is (the events skipped named), and loads the roster', async () => {
    const message = 'Roster saved: 3 duties, 1 day off or leave, 1 event skipped (line 12: unreadable date)';
    const info = roster(duty('FLY', '2030-01-05', 'flight'), duty('OFF', '2030-01-06', 'off'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init?: RequestInit) => (init?.method === 'POST' ? json({ duties: 4, skipped: 1, message }) : json(info))),
    );
    expect(await store().upload(new File(['BEGIN:VCALENDAR'], 'roster.ics'))).toBe(message);
    expect(store().info).toEqual(info);
  });
});

describe('a kind set by hand', () => {
  it('sends the event’s uid and kind (null: automatic again) and keeps the roster answered', async () => {
    const sent: unknown[] = [];
    const after = roster(duty('A', '2030-01-05', 'off', { kindByYou: true }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        sent.push([init?.method, path, JSON.parse(String(init?.body))]);
        return json(after);
      }),
    );
    await store().setKind('A', 'off');
    await store().setKind('A', null);
    expect(sent).toEqual([
      ['PUT', '/api/roster/kinds', { uid: 'A', kind: 'off' }],
      ['PUT', '/api/roster/kinds', { uid: 'A', kind: null }],
    ]);
    expect(store().info).toEqual(after);
  });

  it('an older change answered after a newer one does not put back what the newer one changed', async () => {
    const first = roster(duty('A', '2030-01-05', 'off', { kindByYou: true }), duty('B', '2030-01-06', 'flight'));
    const both = roster(duty('A', '2030-01-05', 'off', { kindByYou: true }), duty('B', '2030-01-06', 'leave', { kindByYou: true }));
    let releaseFirst!: () => void;
    const held = new Promise<void>((r) => (releaseFirst = r));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init?: RequestInit) => {
        const { uid } = JSON.parse(String(init?.body)) as { uid: string };
        if (uid === 'A') {
          await held;
          return json(first);
        }
        return json(both);
      }),
    );
    const a = store().setKind('A', 'off');
    await store().setKind('B', 'leave');
    releaseFirst();
    await a;
    expect(store().info).toEqual(both);
  });

  it('a refused change keeps the roster and says why (the server’s words in the error)', async () => {
    const before = roster(duty('A', '2030-01-05', 'flight'));
    useRosterStore.setState({ info: before });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init?: RequestInit) =>
        init?.method === 'PUT' ? json({ message: 'That event is not on your roster.' }, 404) : json(before),
      ),
    );
    await expect(store().setKind('GONE', 'off')).rejects.toThrow('That event is not on your roster.');
    expect(store().info).toEqual(before);
  });

  it('an answer that comes after signing out is not kept', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await held;
        return json(roster(duty('A', '2030-01-05', 'off')));
      }),
    );
    const change = store().setKind('A', 'off');
    store().reset();
    release();
    await change;
    expect(store().info).toBeNull();
  });
});

describe('the board’s conflict line', () => {
  it('names a duty on the trip’s day, never a day off or a leave', () => {
    const info = roster(
      duty('ATL1234', '2030-01-05', 'flight', { pairing: 'ATL1234' }),
      duty('Free Day', '2030-01-06', 'off'),
      duty('Leave', '2030-01-07', 'leave'),
    );
    expect(conflictOf(info, { firstDay: '2030-01-05', lastDay: '2030-01-05' })).toBe('ATL1234');
    expect(conflictOf(info, { firstDay: '2030-01-06', lastDay: '2030-01-06' })).toBeNull();
    expect(conflictOf(info, { firstDay: '2030-01-07', lastDay: '2030-01-07' })).toBeNull();
  });
});
