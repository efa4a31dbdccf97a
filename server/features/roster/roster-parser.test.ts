// The reader thread's own limits: a file that never finishes is ended from outside, and files that
// pile up past the bound are refused at once instead of queued without end.
import { afterAll, describe, expect, it } from 'vitest';
import { ROSTER_TEXT } from '#protocol/roster.ts';
import { ReaderThread } from './roster-parser.ts';
import { icsOf } from './roster.fixtures.ts';

const reader = new ReaderThread({ budgetMs: 100, hardLimitMs: 400, maxWaiting: 1 });
afterAll(() => reader.stop());

// No February 30th ever comes: ical.js searches without end inside one step.
const endless = new TextEncoder().encode(
  icsOf([{ title: 'B', start: '20261201T000000Z', extra: 'RRULE:FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30' }]),
);
const job = { bytes: endless, now: Date.parse('2026-12-01T12:00:00Z'), baseZone: 'UTC' };
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'read',
    (err: { status?: number; message?: string }) => `${err.status} ${err.message}`,
  );

describe('the roster reader thread', () => {
  it('ends a file that never finishes (422), takes one more in line, refuses the next at once (503), then reads again', async () => {
    const first = outcome(reader.read(job));
    await new Promise((r) => setTimeout(r, 20));
    const second = outcome(reader.read(job));
    expect(await outcome(reader.read(job))).toBe(`503 ${ROSTER_TEXT.busy}`);
    expect(await first).toBe(`422 ${ROSTER_TEXT.tooComplex}`);
    expect(await second).toBe(`422 ${ROSTER_TEXT.tooComplex}`);
    const fine = new TextEncoder().encode(icsOf([{ title: 'EW1', start: '20261210T080000Z', end: '20261210T100000Z' }]));
    expect((await reader.read({ ...job, bytes: fine })).entries.map((e) => e.title)).toEqual(['EW1']);
  });
});
