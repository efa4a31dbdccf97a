import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readRoster } from '../../server/features/roster/ics/read-roster.ts';
import { firstEventDay, multipartOf, ROSTER_FIXTURES, rosterFiles, shiftRoster, weeksToToday } from './roster-files.ts';

const FOLDER = new URL('../../server/features/roster/fixtures/rosters/', import.meta.url);
/** The fixtures' clock (fixtures/rosters/EXPECTED.md). */
const FIXTURES_NOW = Date.UTC(2026, 11, 1, 12);
const WEEK_MS = 7 * 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const read = (bytes: Buffer, now: number) => readRoster(bytes, { now, baseZone: 'Europe/Berlin', deadline: Date.now() + 10_000 });

describe('bench roster files', () => {
  it('counts whole weeks to today', () => {
    expect(weeksToToday(FIXTURES_NOW, FIXTURES_NOW + 3 * 86_400_000)).toBe(0);
    expect(weeksToToday(FIXTURES_NOW, FIXTURES_NOW + 52 * WEEK_MS + 86_400_000)).toBe(52);
  });

  it("finds a file's first event, not its zone's history", () => {
    expect(new Date(firstEventDay(fs.readFileSync(new URL('custom-vtimezone.ics', FOLDER)))).toISOString()).toMatch(/^202[67]-/);
  });

  it('moves each file to start this week', () => {
    const now = Date.UTC(2028, 5, 14, 12);
    for (const file of rosterFiles(now)) expect(Math.abs(firstEventDay(file.bytes) - now), file.name).toBeLessThan(4 * 86_400_000);
  });

  // The bench's rosters must read as the fixtures do, only later: the same events, each on its day moved.
  it.each(ROSTER_FIXTURES)('%s moved a year of weeks reads as the same roster, each day 364 later', (name) => {
    const bytes = fs.readFileSync(new URL(name, FOLDER));
    const before = read(bytes, FIXTURES_NOW);
    const after = read(shiftRoster(bytes, 52), FIXTURES_NOW + 52 * WEEK_MS);
    expect(after.entries.map((e) => [e.title, e.startDay, e.endDay])).toEqual(
      before.entries.map((e) => [e.title, addDays(e.startDay, 364), addDays(e.endDay, 364)]),
    );
    expect(after.skippedCount).toBe(before.skippedCount);
    expect(after.timeZone).toBe(before.timeZone);
  });

  it('leaves a file as it is for no weeks, and wraps it whole in the form', () => {
    const bytes = fs.readFileSync(new URL('utf16.ics', FOLDER));
    expect(shiftRoster(bytes, 0)).toBe(bytes);
    const form = multipartOf({ name: 'utf16.ics', bytes });
    expect(form.includes(bytes)).toBe(true);
    expect(form.toString('latin1')).toContain('name="file"; filename="utf16.ics"');
  });
});
