// The roster reader against fixtures written apart from it (fixtures/rosters, with their facts in
// expected.ts and EXPECTED.md): real exporters' styles, zones, recurrences, encodings and attacks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isWorkingKind, kindReader } from '#protocol/roster-kinds.ts';
import type { RosterDuty } from '#protocol/roster.ts';
import { checkTrip, tripOf } from '#protocol/roster-rules.ts';
import { EXPECTED_ROSTERS, type ExpectedRoster } from '../fixtures/rosters/expected.ts';
import { readRoster, RosterRefusal } from './read-roster.ts';

const NOW = Date.parse('2026-12-01T12:00:00Z');
const fixture = (file: string) => readFileSync(new URL(`../fixtures/rosters/${file}`, import.meta.url));
const readKind = kindReader();

function read(r: ExpectedRoster) {
  // The base's zone is the file's own: floating times are what the base would mean.
  const parsed = readRoster(fixture(r.file), { now: NOW, baseZone: r.zone, deadline: Date.now() + 5_000 });
  const duties: RosterDuty[] = parsed.entries.map((e) => ({ ...e, kind: readKind(e) }));
  return { ...parsed, duties };
}

const readable = EXPECTED_ROSTERS.filter((r) => !r.mayRefuse);

describe.each(readable.map((r) => [r.file, r] as const))('%s', (_file, r) => {
  it('every occurrence: its title, days and instants, duty or time off', () => {
    const { duties } = read(r);
    const got = duties.map((d) => ({
      title: d.title,
      duty: isWorkingKind(d.kind),
      allDay: d.allDay,
      startDay: d.startDay,
      endDay: d.endDay,
      ...(d.allDay ? {} : { start: d.start, end: d.end }),
    }));
    const want = r.events.map((e) => ({
      title: e.title,
      duty: e.duty,
      allDay: e.allDay,
      startDay: e.startDay,
      endDay: e.endDay,
      ...(e.allDay ? {} : { start: e.start, end: e.end }),
    }));
    const order = (a: { startDay: string; title: string }, b: { startDay: string; title: string }) =>
      a.startDay.localeCompare(b.startDay) || a.title.localeCompare(b.title);
    expect(got.sort(order)).toEqual(want.sort(order));
  });

  it('the roster’s own zone, and the events left out by line', () => {
    const parsed = read(r);
    expect(parsed.timeZone).toBe(r.zone);
    expect(parsed.skipped.map((s) => s.line)).toEqual(r.skipped.map((s) => s.line));
  });

  it('days in a row count duties only, never days off or leave', () => {
    const { duties } = read(r);
    for (const t of r.trips) {
      const days = Math.round((Date.parse(t.lastDay) - Date.parse(t.firstDay)) / 86_400_000) + 1;
      // A limit one under the run: the rule must say the run's length, which counts duty days only.
      const found = checkTrip(duties, tripOf(t.firstDay, days), { maxConsecutiveDays: t.days - 1, minRestHours: 1 }).find(
        (v) => v.rule === 'consecutive',
      );
      // Every chosen trip joins duties of the roster (t.days > days), so the rule always has a run to name.
      expect(found?.reason, `${t.firstDay}..${t.lastDay}`).toBe(
        `This would make ${t.days} duty days in a row (your airline's limit is ${t.days - 1}).`,
      );
      const overlap = checkTrip(duties, tripOf(t.firstDay, days), { maxConsecutiveDays: 31, minRestHours: 1 });
      expect(
        overlap.map((v) => v.rule),
        `${t.firstDay}: time off is no conflict`,
      ).not.toContain('overlap');
    }
  });

  it('rest between duties as the file’s own zone times them', () => {
    const { duties } = read(r);
    expect(r.rests.length, 'a fixture with duties has rests between them').toBeGreaterThan(0);
    for (const rest of r.rests) {
      const after = duties.find((d) => d.title === rest.after && d.end === rest.from);
      const before = duties.find((d) => d.title === rest.before && d.start === rest.to);
      expect(after && before, `${rest.after} -> ${rest.before}`).toBeTruthy();
      expect((Date.parse(before!.start) - Date.parse(after!.end)) / 60_000).toBe(rest.minutes);
    }
  });
});

describe('files built to stall a reader', () => {
  it.each(EXPECTED_ROSTERS.filter((r) => r.mayRefuse).map((r) => [r.file, r] as const))('%s ends in time, read or refused', (_file, r) => {
    const started = Date.now();
    try {
      const parsed = readRoster(fixture(r.file), { now: NOW, baseZone: 'UTC', deadline: Date.now() + (r.maxMillis ?? 2_000) });
      expect(parsed.entries.length).toBeLessThanOrEqual(r.alsoAccepted.length + r.events.length);
    } catch (err) {
      expect(err).toBeInstanceOf(RosterRefusal);
      expect((err as RosterRefusal).status).toBeGreaterThanOrEqual(400);
      expect((err as RosterRefusal).status).toBeLessThan(500);
    }
    expect(Date.now() - started).toBeLessThan(r.maxMillis ?? 2_000);
  });
});
