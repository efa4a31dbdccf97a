import { describe, expect, it } from 'vitest';
import type { RosterDuty } from './roster.ts';
import { kindReader } from './roster-kinds.ts';
import { addDays, checkTrip, consecutiveDays, countByWork, overlaps, pairingOf, rest, tripOf, tripToTake } from './roster-rules.ts';

/** A timed duty: instants as given, days as the roster's zone reads them. */
const readKind = kindReader();
const timed = (title: string, start: string, end: string, startDay: string, endDay: string): RosterDuty => ({
  uid: `${title}@${start}`,
  kind: readKind({ title, allDay: false, pairing: pairingOf(title) }),
  title,
  pairing: pairingOf(title),
  start,
  end,
  allDay: false,
  startDay,
  endDay,
});
/** An all-day duty from `first` to `last`, both included. */
const allDay = (title: string, first: string, last = first): RosterDuty => ({
  uid: `${title}@${first}`,
  kind: readKind({ title, allDay: true, pairing: pairingOf(title) }),
  title,
  pairing: pairingOf(title),
  start: `${first}T00:00:00.000Z`,
  end: `${addDays(last, 1)}T00:00:00.000Z`,
  allDay: true,
  startDay: first,
  endDay: last,
});
const reasons = (v: { reason: string }[]) => v.map((x) => x.reason);

describe('days', () => {
  it('adds days across month and year ends and leap days', () => {
    expect(addDays('2099-01-31', 1)).toBe('2099-02-01');
    expect(addDays('2099-12-31', 1)).toBe('2100-01-01');
    expect(addDays('2096-02-28', 1)).toBe('2096-02-29');
    expect(addDays('2099-03-01', -1)).toBe('2099-02-28');
    expect(tripOf('2099-01-30', 3)).toEqual({ firstDay: '2099-01-30', lastDay: '2099-02-01' });
  });
});

describe('overlap', () => {
  it('names the duty and the first shared day', () => {
    const duty = allDay('ATL1234 ATL-LAX-ATL', '2099-12-16', '2099-12-18');
    expect(reasons(overlaps([duty], tripOf('2099-12-16', 1)))).toEqual(['You already fly ATL1234 on Dec 16.']);
    expect(reasons(overlaps([duty], tripOf('2099-12-14', 3)))).toEqual(['You already fly ATL1234 on Dec 16.']);
    expect(reasons(overlaps([duty], tripOf('2099-12-18', 2)))).toEqual(['You already fly ATL1234 on Dec 18.']);
  });

  it('edge days: the day before and the day after do not overlap', () => {
    const duty = allDay('ATL1234', '2099-12-16');
    expect(overlaps([duty], tripOf('2099-12-15', 1))).toEqual([]);
    expect(overlaps([duty], tripOf('2099-12-17', 4))).toEqual([]);
  });

  it('a duty crossing midnight is on both days of its own zone', () => {
    // 22:00 to 03:30 in New York: Dec 16 and Dec 17 there, though both instants are Dec 17 in UTC.
    const redEye = timed('ATL1234', '2099-12-17T03:00:00.000Z', '2099-12-17T08:30:00.000Z', '2099-12-16', '2099-12-17');
    expect(reasons(overlaps([redEye], tripOf('2099-12-16', 1)))).toEqual(['You already fly ATL1234 on Dec 16.']);
    expect(reasons(overlaps([redEye], tripOf('2099-12-17', 1)))).toEqual(['You already fly ATL1234 on Dec 17.']);
    expect(overlaps([redEye], tripOf('2099-12-18', 1))).toEqual([]);
  });

  it('a trip across a month end meets a duty in the next month', () => {
    expect(reasons(overlaps([allDay('DL455', '2099-02-01')], tripOf('2099-01-30', 3)))).toEqual(['You already fly DL455 on Feb 1.']);
    expect(reasons(overlaps([allDay('DL455', '2100-01-01')], tripOf('2099-12-31', 2)))).toEqual(['You already fly DL455 on Jan 1.']);
  });

  it('a duty without a pairing code is named by its title; only a flight is flown', () => {
    expect(reasons(overlaps([allDay('Reserve', '2099-12-16')], tripOf('2099-12-16', 1)))).toEqual(['You already have Reserve on Dec 16.']);
    expect(
      reasons(
        overlaps([timed('SIM LPC', '2099-12-16T08:00:00Z', '2099-12-16T12:00:00Z', '2099-12-16', '2099-12-16')], tripOf('2099-12-16', 1)),
      ),
    ).toEqual(['You already have SIM LPC on Dec 16.']);
    expect(reasons(overlaps([allDay('Trip 4455', '2099-12-16')], tripOf('2099-12-16', 1)))).toEqual(['You already fly 4455 on Dec 16.']);
  });
});

describe('consecutive days', () => {
  const run = (first: string, n: number) => Array.from({ length: n }, (_, i) => allDay(`ATL${100 + i}`, addDays(first, i)));

  it('six days then the trip make seven: over a limit of 6, with the exact text', () => {
    const v = consecutiveDays(run('2099-12-10', 6), tripOf('2099-12-16', 1), 6);
    expect(v?.reason).toBe("This would make 7 duty days in a row (your airline's limit is 6).");
    // The duty next to the trip is the one it collides with.
    expect(v?.duty.pairing).toBe('ATL105');
  });

  it('up to the limit is fine, and a day off breaks the run', () => {
    expect(consecutiveDays(run('2099-12-11', 5), tripOf('2099-12-16', 1), 6)).toBeNull();
    const withGap = [...run('2099-12-08', 6), ...run('2099-12-15', 1)];
    expect(consecutiveDays(withGap, tripOf('2099-12-16', 1), 6)).toBeNull();
  });

  it('the trip joining two runs counts both sides', () => {
    const v = consecutiveDays([...run('2099-12-13', 3), ...run('2099-12-17', 3)], tripOf('2099-12-16', 1), 6);
    expect(v?.reason).toBe("This would make 7 duty days in a row (your airline's limit is 6).");
  });

  it('runs across a month end and a year end', () => {
    expect(consecutiveDays(run('2099-01-28', 4), tripOf('2099-02-01', 3), 6)?.reason).toBe(
      "This would make 7 duty days in a row (your airline's limit is 6).",
    );
    expect(consecutiveDays(run('2099-12-27', 5), tripOf('2100-01-01', 2), 6)?.reason).toBe(
      "This would make 7 duty days in a row (your airline's limit is 6).",
    );
  });

  it('a trip longer than the limit on its own is the airline’s pairing, not a conflict', () => {
    expect(consecutiveDays([], tripOf('2099-12-16', 8), 6)).toBeNull();
    expect(consecutiveDays(run('2099-12-15', 1), tripOf('2099-12-16', 8), 6)?.reason).toBe(
      "This would make 9 duty days in a row (your airline's limit is 6).",
    );
  });

  it('uses the airline’s limit', () => {
    expect(consecutiveDays(run('2099-12-12', 4), tripOf('2099-12-16', 1), 4)?.reason).toBe(
      "This would make 5 duty days in a row (your airline's limit is 4).",
    );
  });

  it('a duty crossing midnight counts both its days', () => {
    const days = [...run('2099-12-11', 4), timed('ATL9', '2099-12-16T03:00:00Z', '2099-12-16T08:00:00Z', '2099-12-15', '2099-12-16')];
    expect(consecutiveDays(days, tripOf('2099-12-17', 1), 6)?.reason).toBe(
      "This would make 7 duty days in a row (your airline's limit is 6).",
    );
  });
});

describe('rest', () => {
  // Lands 22:00 UTC on Dec 15.
  const late = timed('ATL1234', '2099-12-15T14:00:00.000Z', '2099-12-15T22:00:00.000Z', '2099-12-15', '2099-12-15');
  const trip = (start: string, end: string) => tripOf(start.slice(0, 10), 1, { start, end });

  it('8 h after a duty that ends at 22:00, for a report at 06:00: the exact text', () => {
    expect(reasons(rest([late], trip('2099-12-16T06:00:00.000Z', '2099-12-16T15:00:00.000Z'), 10))).toEqual([
      'Only 8 h of rest after ATL1234 (limit 10 h).',
    ]);
  });

  it('exactly the limit is enough; just under is cut, never rounded up to it', () => {
    expect(rest([late], trip('2099-12-16T08:00:00.000Z', '2099-12-16T15:00:00.000Z'), 10)).toEqual([]);
    expect(reasons(rest([late], trip('2099-12-16T07:57:00.000Z', '2099-12-16T15:00:00.000Z'), 10))).toEqual([
      'Only 9.9 h of rest after ATL1234 (limit 10 h).',
    ]);
  });

  it('rest before the next duty counts too', () => {
    const next = timed('ATL777', '2099-12-17T04:00:00.000Z', '2099-12-17T12:00:00.000Z', '2099-12-17', '2099-12-17');
    expect(reasons(rest([next], trip('2099-12-16T08:00:00.000Z', '2099-12-16T22:00:00.000Z'), 10))).toEqual([
      'Only 6 h of rest before ATL777 (limit 10 h).',
    ]);
  });

  it('across a month end, a trip starting after midnight', () => {
    const d = timed('ATL31', '2099-01-31T15:00:00.000Z', '2099-01-31T23:30:00.000Z', '2099-01-31', '2099-01-31');
    expect(reasons(rest([d], trip('2099-02-01T05:30:00.000Z', '2099-02-01T12:00:00.000Z'), 10))).toEqual([
      'Only 6 h of rest after ATL31 (limit 10 h).',
    ]);
  });

  it('only where both have times: not for an all-day duty, not for a trip known by its dates', () => {
    expect(rest([allDay('ATL1234', '2099-12-15')], trip('2099-12-16T02:00:00.000Z', '2099-12-16T05:00:00.000Z'), 10)).toEqual([]);
    expect(rest([late], tripOf('2099-12-16', 1), 10)).toEqual([]);
  });
});

describe('checkTrip', () => {
  it('lists every broken rule, overlaps first; none for a free trip', () => {
    const duties = [allDay('ATL1234', '2099-12-10', '2099-12-15'), allDay('ATL5678', '2099-12-16')];
    expect(reasons(checkTrip(duties, tripOf('2099-12-16', 1), { maxConsecutiveDays: 6, minRestHours: 10 }))).toEqual([
      'You already fly ATL5678 on Dec 16.',
      "This would make 7 duty days in a row (your airline's limit is 6).",
    ]);
    expect(checkTrip(duties, tripOf('2099-12-18', 2), { maxConsecutiveDays: 6, minRestHours: 10 })).toEqual([]);
  });
});

describe('the trip a request would have one fly', () => {
  it('a drop’s or a trade’s trip; nothing for a pickup', () => {
    expect(tripToTake({ type: 'drop', date: '2099-12-16', tripDays: 3 })).toEqual({ firstDay: '2099-12-16', lastDay: '2099-12-18' });
    expect(tripToTake({ type: 'trade', date: '2099-12-16', tripDays: null })).toEqual({ firstDay: '2099-12-16', lastDay: '2099-12-16' });
    expect(tripToTake({ type: 'pickup', date: '2099-12-16', tripDays: 2 })).toBeNull();
  });
});

describe('pairing codes in titles', () => {
  it.each([
    ['ATL1234 ATL-LAX-ATL', 'ATL1234'],
    ['Pairing DL455 (3 days)', 'DL455'],
    ['Trip #4455', '4455'],
    ['SEQ 8812 report 0600', '8812'],
    ['Reserve', null],
    ['Day off', null],
    ['ATL-LAX-ATL', null],
  ])('%s → %s', (title, code) => {
    expect(pairingOf(title)).toBe(code);
  });
});

describe('counting a roster', () => {
  const entry = (kind: 'flight' | 'reserve' | 'training' | 'off' | 'leave', startDay: string, endDay = startDay) => ({
    kind,
    startDay,
    endDay,
  });

  it('duties (flight, reserve, training) by event, days off and leave by day, a shared day once', () => {
    const entries = [
      entry('flight', '2030-01-01', '2030-01-03'),
      entry('off', '2030-01-04'),
      entry('reserve', '2030-01-05'),
      entry('leave', '2030-01-06', '2030-01-12'),
      entry('off', '2030-01-12'),
      entry('training', '2030-01-13'),
      entry('off', '2030-01-08', '2030-01-09'),
    ];
    expect(countByWork(entries)).toEqual({ working: 3, off: 8 });
    expect(countByWork([])).toEqual({ working: 0, off: 0 });
  });

  it('a time off written to run for years counts its first 400 days', () => {
    expect(countByWork([entry('leave', '2030-01-01', '2100-12-31'), entry('off', '2030-03-01', '2031-03-01')])).toEqual({
      working: 0,
      off: 425,
    });
  });
});
