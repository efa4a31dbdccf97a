// What My Month puts on each day, and which of it collides with the roster.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROSTER_LIMITS, type RosterDuty, type RosterInfo } from '#protocol/roster.ts';
import type { OfferItem, UserSummary } from '#protocol/shapes.ts';
import { requestItem } from '../../stores/requestItem.fixture.ts';
import { dayLabel, entriesByDay, EMPTY_DAY, ownRequestConflict } from './dayEntries.ts';

const ME = 1;
const MATE = 2;

function duty(title: string, startDay: string, over: Partial<RosterDuty> = {}): RosterDuty {
  const endDay = over.endDay ?? startDay;
  return {
    uid: `${title}@${startDay}`,
    kind: 'flight',
    start: `${startDay}T00:00:00.000Z`,
    end: `${endDay}T23:59:00.000Z`,
    title,
    pairing: /^[A-Z]{1,4}\d{2,6}/.exec(title)?.[0] ?? null,
    allDay: true,
    startDay,
    endDay,
    ...over,
  };
}

const roster = (duties: RosterDuty[]): RosterInfo => ({ duties, updatedAt: '2030-01-01T00:00:00.000Z', limits: DEFAULT_ROSTER_LIMITS });

const person = (id: number): UserSummary => ({
  id,
  firstName: id === ME ? 'Rosa' : 'Dana',
  lastName: id === ME ? 'Ster' : 'Drop',
  employeeNumber: String(id),
  airline: 'Delta',
  position: 'captain',
  profileImageUrl: null,
});

function offer(id: number, over: Partial<OfferItem> = {}): OfferItem {
  const fromUserId = over.fromUserId ?? MATE;
  const toUserId = over.toUserId ?? ME;
  return {
    id,
    fromUserId,
    fromUser: person(fromUserId),
    toUserId,
    toUser: person(toUserId),
    requestId: null,
    request: null,
    senderRequestId: null,
    senderRequest: null,
    tradeDate: '2030-01-10',
    offerRoute: `P${id}`,
    offerReservePeriod: null,
    offerTripDays: 1,
    requestType: 'drop',
    message: null,
    status: 'pending',
    closedReason: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    respondedAt: null,
    tradeRequestImages: [],
    counterOfId: null,
    threadId: id,
    acceptedByRule: false,
    ruleNote: null,
    ...over,
  };
}

const ROSTER = roster([
  duty('ATL1234 ATL-LAX-ATL', '2030-01-10'),
  duty('OFF', '2030-01-11', { kind: 'off', pairing: null }),
  duty('Annual Leave', '2030-01-20', { kind: 'leave', pairing: null, endDay: '2030-01-22' }),
]);

describe('a request of one’s own against the roster', () => {
  it('a drop on another duty’s day collides; the duty it drops, a day off or an empty day do not', () => {
    expect(ownRequestConflict(ROSTER, requestItem({ id: 1, route: 'XYZ999' }), '2030-01-10')).toBe('ATL1234');
    expect(ownRequestConflict(ROSTER, requestItem({ id: 2, route: 'ATL1234' }), '2030-01-10')).toBeNull();
    expect(ownRequestConflict(ROSTER, requestItem({ id: 3, route: 'atl1234 atl-lax-atl' }), '2030-01-10')).toBeNull();
    expect(ownRequestConflict(ROSTER, requestItem({ id: 4, route: 'XYZ999' }), '2030-01-11')).toBeNull();
    expect(ownRequestConflict(ROSTER, requestItem({ id: 5, route: 'XYZ999' }), '2030-01-12')).toBeNull();
    // A three-day trip reaches the duty.
    expect(ownRequestConflict(ROSTER, requestItem({ id: 6, route: 'XYZ999', tripDays: 3 }), '2030-01-08')).toBe('ATL1234');
    expect(ownRequestConflict(null, requestItem({ id: 7, route: 'XYZ999' }), '2030-01-10')).toBeNull();
  });

  it('a pickup on a duty’s day, or a trade for one, collides, even with the duty’s own code', () => {
    expect(ownRequestConflict(ROSTER, requestItem({ id: 1, type: 'pickup', route: 'ATL1234' }), '2030-01-10')).toBe('ATL1234');
    expect(ownRequestConflict(ROSTER, requestItem({ id: 2, type: 'pickup', route: 'Any' }), '2030-01-11')).toBeNull();
    const trade = requestItem({ id: 3, type: 'trade', route: 'T1', desiredDates: ['2030-01-10'] });
    expect(ownRequestConflict(ROSTER, trade, '2030-01-15')).toBe('ATL1234');
    expect(ownRequestConflict(ROSTER, { ...trade, desiredDates: ['2030-01-16'] }, '2030-01-15')).toBeNull();
  });
});

describe('the month’s days', () => {
  const days = entriesByDay('2030-01-01', '2030-01-31', {
    roster: ROSTER,
    requests: [
      requestItem({ id: 1, route: 'XYZ999', date: '2030-01-10' }),
      requestItem({ id: 2, route: 'BULK4', date: '2030-01-30', tripDays: 4 }),
      requestItem({ id: 3, route: 'TWO', date: '2030-01-05', additionalDates: ['2030-01-06'], tripDays: 2 }),
      requestItem({ id: 4, route: 'GONE', date: '2030-01-07', status: 'completed' }),
    ],
    received: [offer(10)],
    sent: [
      offer(11, {
        fromUserId: ME,
        toUserId: MATE,
        requestType: 'pickup',
        request: requestItem({ id: 9, date: '2030-01-10', userId: MATE }),
      }),
    ],
    finished: [offer(12, { status: 'accepted', tradeDate: '2030-01-25' }), offer(13, { status: 'declined', tradeDate: '2030-01-26' })],
  });

  it('puts each entry on every day it covers, within the month', () => {
    expect(days.get('2030-01-10')!.duties.map((d) => d.title)).toEqual(['ATL1234 ATL-LAX-ATL']);
    expect(['2030-01-20', '2030-01-21', '2030-01-22'].map((d) => days.get(d)?.duties[0]?.kind)).toEqual(['leave', 'leave', 'leave']);
    expect(days.get('2030-01-31')!.requests.map((r) => r.request.id)).toEqual([2]);
    expect(days.has('2030-02-01')).toBe(false);
    // Two dates of two days each: three days, the overlap once.
    expect(['2030-01-05', '2030-01-06', '2030-01-07'].map((d) => days.get(d)?.requests.map((r) => r.request.id))).toEqual([[3], [3], [3]]);
    expect(days.get('2030-01-25')!.trades.map((t) => t.id)).toEqual([12]);
    expect(days.has('2030-01-26')).toBe(false);
  });

  it('marks the request and the pending offers that collide with a duty', () => {
    const day = days.get('2030-01-10')!;
    expect(day.requests).toEqual([expect.objectContaining({ conflict: 'ATL1234' })]);
    // Received: Dana gives me her trip that day; sent: I would pick up hers.
    expect(day.offers.map((o) => [o.offer.id, o.side, o.conflict])).toEqual([
      [10, 'received', 'ATL1234'],
      [11, 'sent', 'ATL1234'],
    ]);
  });

  it('labels a day for a screen reader', () => {
    const other = (o: OfferItem) => `${o.fromUserId === ME ? o.toUser.firstName : o.fromUser.firstName}`;
    expect(dayLabel('2030-01-10', days.get('2030-01-10')!, { otherName: other })).toBe(
      'Thursday, January 10: ATL1234 flight duty; your drop, conflicts with ATL1234; offer from Dana, conflicts with ATL1234; your offer to Dana, conflicts with ATL1234',
    );
    expect(dayLabel('2030-01-11', days.get('2030-01-11')!, { otherName: other, today: true })).toBe('Friday, January 11, today: day off');
    expect(dayLabel('2030-01-12', EMPTY_DAY, { otherName: other })).toBe('Saturday, January 12');
  });
});
