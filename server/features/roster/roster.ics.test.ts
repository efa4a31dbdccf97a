import { afterEach, describe, expect, it } from 'vitest';
import { ROSTER_TEXT } from '#protocol/roster.ts';
import { parseRoster } from './roster.ics.ts';
import { icsOf, type TestEvent } from './roster.fixtures.ts';

const NOW = new Date('2099-12-01T12:00:00Z');
const parse = (events: TestEvent[], extra = '') => parseRoster(icsOf(events, extra), NOW);
const refusal = (text: string) => {
  try {
    parseRoster(text, NOW);
  } catch (err) {
    return { status: (err as { status?: number }).status, message: (err as Error).message };
  }
  return undefined;
};

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('reading a roster', () => {
  it('a timed event in its own zone: days as that zone reads them, crossing midnight', () => {
    const { duties, timeZone } = parse([
      { title: 'ATL1234 ATL-LAX-ATL', start: 'TZID=America/New_York:20991216T220000', end: 'TZID=America/New_York:20991217T033000' },
    ]);
    expect(duties).toEqual([
      {
        title: 'ATL1234 ATL-LAX-ATL',
        pairing: 'ATL1234',
        allDay: false,
        start: '2099-12-17T03:00:00.000Z',
        end: '2099-12-17T08:30:00.000Z',
        startDay: '2099-12-16',
        endDay: '2099-12-17',
      },
    ]);
    expect(timeZone).toBe('America/New_York');
  });

  it('the same days whatever the server’s own time zone', () => {
    const events: TestEvent[] = [
      { title: 'TYO9', start: 'TZID=Asia/Tokyo:20991216T010000', end: 'TZID=Asia/Tokyo:20991216T090000' },
      { title: 'Reserve', start: 'VALUE=DATE:20991220', end: 'VALUE=DATE:20991222' },
    ];
    const seen = ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'].map((tz) => {
      process.env.TZ = tz;
      return parse(events).duties.map((d) => [d.startDay, d.endDay]);
    });
    // Tokyo's Dec 16 01:00 is Dec 15 in UTC: the day stays Tokyo's.
    expect(seen).toEqual(
      Array(3).fill([
        ['2099-12-16', '2099-12-16'],
        ['2099-12-20', '2099-12-21'],
      ]),
    );
  });

  it('all-day events are day duties; DTEND is the day after the last', () => {
    const [d] = parse([{ title: 'Vacation', start: 'VALUE=DATE:20991230', end: 'VALUE=DATE:21000102' }]).duties;
    expect(d).toMatchObject({ allDay: true, startDay: '2099-12-30', endDay: '2100-01-01', pairing: null });
    expect(d?.start).toBe('2099-12-30T00:00:00.000Z');
    expect(d?.end).toBe('2100-01-02T00:00:00.000Z');
    const [single] = parse([{ title: 'Off', start: 'VALUE=DATE:20991231' }]).duties;
    expect(single).toMatchObject({ startDay: '2099-12-31', endDay: '2099-12-31' });
  });

  it('UTC times, a duty ending at midnight, recurring events, cancelled and long-past events', () => {
    const { duties } = parse([
      { title: 'DL455', start: '20991210T200000Z', end: '20991211T000000Z' },
      { title: 'Trip 4455', start: '20991225T080000Z', end: '20991225T130000Z', extra: 'RRULE:FREQ=DAILY;COUNT=3' },
      { title: 'ATL1', start: '20991212T080000Z', end: '20991212T100000Z', extra: 'STATUS:CANCELLED' },
      { title: 'ATL2', start: '20990101T080000Z', end: '20990101T100000Z' },
    ]);
    expect(duties.map((d) => [d.pairing, d.startDay, d.endDay])).toEqual([
      ['DL455', '2099-12-10', '2099-12-10'],
      ['4455', '2099-12-25', '2099-12-25'],
      ['4455', '2099-12-26', '2099-12-26'],
      ['4455', '2099-12-27', '2099-12-27'],
    ]);
  });

  it('takes X-WR-TIMEZONE as the roster’s zone', () => {
    expect(parse([{ title: 'A1', start: '20991210T200000Z', end: '20991210T220000Z' }], 'X-WR-TIMEZONE:Europe/Berlin').timeZone).toBe(
      'Europe/Berlin',
    );
    expect(parse([]).timeZone).toBe('UTC');
  });

  it('refuses what is not iCalendar, and more than 2,000 events, saying which', () => {
    expect(refusal('hello')).toEqual({ status: 400, message: ROSTER_TEXT.notIcs });
    expect(refusal('%PDF-1.7\n...')).toEqual({ status: 400, message: ROSTER_TEXT.notIcs });
    expect(refusal('BEGIN:VCARD\nEND:VCARD\n')).toEqual({ status: 400, message: ROSTER_TEXT.notIcs });
    const many = Array.from({ length: 2001 }, (_, i) => ({ title: `A${i}`, start: '20991210T200000Z', end: '20991210T220000Z' }));
    expect(refusal(icsOf(many))).toEqual({ status: 400, message: ROSTER_TEXT.tooManyEvents });
    expect(refusal(icsOf(many.slice(0, 2000)))).toBeUndefined();
    // One event recurring past the limit is too many as well.
    const daily = [{ title: 'X1', start: '20991210T200000Z', end: '20991210T220000Z', extra: 'RRULE:FREQ=HOURLY;COUNT=2500' }];
    expect(refusal(icsOf(daily))).toEqual({ status: 400, message: ROSTER_TEXT.tooManyEvents });
  });
});
