import { describe, expect, it } from 'vitest';
import { kindReader, type DutyKind } from './roster-kinds.ts';
import { pairingOf } from './roster-rules.ts';

const read = kindReader();
const kindOf = (title: string, allDay = false) => read({ title, allDay, pairing: pairingOf(title) });

describe('what kind of event a roster title is', () => {
  it.each<[string, boolean, DutyKind]>([
    // Days off as airlines and crew apps write them.
    ['Free Day', true, 'off'],
    ['DAY OFF', true, 'off'],
    ['OFF', false, 'off'],
    ['X', true, 'off'],
    ['Frei', true, 'off'],
    ['Frei (Köln)', true, 'off'],
    ['Libre', true, 'off'],
    ['Repos', true, 'off'],
    ['Folga', true, 'off'],
    ['休', true, 'off'],
    ['例休', false, 'off'],
    // Leave.
    ['LVE', true, 'leave'],
    ['VAC', true, 'leave'],
    ['Vacation', true, 'leave'],
    ['Urlaub', true, 'leave'],
    ['SICK', true, 'leave'],
    ['Annual Leave', true, 'leave'],
    // Reserve and standby.
    ['RES', false, 'reserve'],
    ['RES Home Standby', false, 'reserve'],
    ['SBY', false, 'reserve'],
    ['STBY 0500-1700', false, 'reserve'],
    ['Standby', false, 'reserve'],
    ['R1', true, 'reserve'],
    ['R9 0400', false, 'reserve'],
    ['RSV Short Call Reserve JFK', false, 'reserve'],
    // Training and office.
    ['SIM', false, 'training'],
    ['SIM LPC/OPC Day 1', false, 'training'],
    ['Ground School CRM Day 1', false, 'training'],
    ['Recurrent training', true, 'training'],
    ['Office', false, 'training'],
    // Flights, timed or all-day with a pairing.
    ['EW9440 CGN-PMI', false, 'flight'],
    ['ATL1234', true, 'flight'],
    ['SA204 JNB-CPT', false, 'flight'],
    ['Trip 4455', true, 'flight'],
    // An all-day event with no pairing and no known word is time off, a timed one a duty.
    ['Birthday', true, 'off'],
    ['Duty', false, 'flight'],
  ])('%s (all-day: %s) is %s', (title, allDay, kind) => {
    expect(kindOf(title, allDay)).toBe(kind);
  });

  it('short codes count only as the first word; words never match inside other words', () => {
    expect(kindOf('ATL455 DO-TPA', false)).toBe('flight');
    expect(kindOf('EW123 Freiburg', false)).toBe('flight');
    expect(kindOf('X-ray', false)).toBe('flight');
    expect(kindOf('LH506 Frankfurt–São Paulo', false)).toBe('flight');
    expect(kindOf('Offshore ATL12', false)).toBe('flight');
  });

  it('time off wins over a reserve word in the same title', () => {
    expect(kindOf('Free day (no standby)', true)).toBe('off');
  });

  it("an airline's own codes come first, whole words, any case", () => {
    const airline = kindReader([
      { pattern: 'FRD', kind: 'off' },
      { pattern: 'Blockreserve', kind: 'reserve' },
      { pattern: 'OFF', kind: 'training' },
    ]);
    const of = (title: string, allDay = false) => airline({ title, allDay, pairing: pairingOf(title) });
    expect(of('FRD', true)).toBe('off');
    expect(of('frd 12', false)).toBe('off');
    expect(of('BLOCKRESERVE Woche 3', false)).toBe('reserve');
    expect(of('OFF', false)).toBe('training');
    expect(of('FRDX', false)).toBe('flight');
    // A code in a script without spaces, with a Latin letter in it, in any case.
    expect(kindReader([{ pattern: '夜b', kind: 'training' }])({ title: '夜B 2', allDay: false, pairing: null })).toBe('training');
    // A pattern is words, never a regular expression.
    expect(kindReader([{ pattern: '.*', kind: 'off' }])({ title: 'EW1', allDay: false, pairing: 'EW1' })).toBe('flight');
  });

  it('a whole roster of long titles against an airline’s 100 codes is read in a blink (each request reads it)', () => {
    const airline = kindReader(
      Array.from({ length: 100 }, (_, i) => ({ pattern: `CODE${i} `.repeat(10).slice(0, 60), kind: 'off' as const })),
    );
    const titles = Array.from({ length: 2_000 }, (_, i) => `EW${i} ${'Köln Palma '.repeat(20)}`.slice(0, 200));
    const started = performance.now();
    for (const title of titles) expect(airline({ title, allDay: false, pairing: pairingOf(title) })).toBe('flight');
    // A guard against a pattern that backtracks without end (seconds and more), not a benchmark: on two
    // busy cores this takes 50-220 ms, so the bound is far above that and far below a runaway.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
