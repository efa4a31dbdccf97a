import { afterEach, describe, expect, it } from 'vitest';
import { ROSTER_TEXT } from '#protocol/roster.ts';
import { icsOf, type TestEvent } from '../roster.fixtures.ts';
import { readRoster, RosterRefusal } from './read-roster.ts';

const NOW = Date.parse('2099-12-01T12:00:00Z');
const bytes = (text: string) => new TextEncoder().encode(text);
const read = (text: string, baseZone = 'UTC') => readRoster(bytes(text), { now: NOW, baseZone, deadline: Date.now() + 5_000 });
const parse = (events: TestEvent[], extra = '', baseZone = 'UTC') => read(icsOf(events, extra), baseZone);
const refusal = (text: string | Uint8Array) => {
  try {
    readRoster(typeof text === 'string' ? bytes(text) : text, { now: NOW, baseZone: 'UTC', deadline: Date.now() + 5_000 });
  } catch (err) {
    if (err instanceof RosterRefusal) return { status: err.status, message: err.message };
    throw err;
  }
  return undefined;
};
/** [title, start, end] of each entry. */
const times = (events: TestEvent[], extra = '', baseZone = 'UTC') =>
  parse(events, extra, baseZone).entries.map((e) => [e.title, e.start, e.end]);
/** The line of a file's first RRULE, as an editor numbers it. */
const ruleLine = (t: string) => t.split('\r\n').findIndex((l) => l.startsWith('RRULE')) + 1;
const vtimezone = (id: string, body: string) => `BEGIN:VTIMEZONE\r\nTZID:${id}\r\n${body}\r\nEND:VTIMEZONE`;

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('reading a roster', () => {
  it('a timed event in its own zone: days as that zone reads them, crossing midnight', () => {
    const { entries, timeZone } = parse([
      { title: 'ATL1234 ATL-LAX-ATL', start: 'TZID=America/New_York:20991216T220000', end: 'TZID=America/New_York:20991217T033000' },
    ]);
    expect(entries).toEqual([
      {
        uid: 'duty-0@roster.test',
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

  it('the same days and instants whatever the server’s own time zone, floating times included', () => {
    const events: TestEvent[] = [
      { title: 'TYO9', start: 'TZID=Asia/Tokyo:20991216T010000', end: 'TZID=Asia/Tokyo:20991216T090000' },
      { title: 'Reserve', start: 'VALUE=DATE:20991220', end: 'VALUE=DATE:20991222' },
      { title: 'A1', start: '20991223T060000', end: '20991223T150000' },
    ];
    const seen = ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'].map((tz) => {
      process.env.TZ = tz;
      return parse(events, '', 'Asia/Hong_Kong').entries.map((d) => [d.startDay, d.endDay, d.start]);
    });
    expect(seen).toEqual(
      Array(3).fill([
        ['2099-12-16', '2099-12-16', '2099-12-15T16:00:00.000Z'],
        ['2099-12-20', '2099-12-21', '2099-12-20T00:00:00.000Z'],
        // Floating: read at the base (Hong Kong, UTC+8), never the server.
        ['2099-12-23', '2099-12-23', '2099-12-22T22:00:00.000Z'],
      ]),
    );
  });

  it('floating times: X-WR-TIMEZONE first, else the base’s zone', () => {
    const shift = [{ title: 'A1 0600-1500', start: '20991205T060000', end: '20991205T150000' }];
    expect(times(shift, 'X-WR-TIMEZONE:Asia/Hong_Kong', 'Europe/Berlin')).toEqual([
      ['A1 0600-1500', '2099-12-04T22:00:00.000Z', '2099-12-05T07:00:00.000Z'],
    ]);
    expect(times(shift, '', 'Europe/Berlin')).toEqual([['A1 0600-1500', '2099-12-05T05:00:00.000Z', '2099-12-05T14:00:00.000Z']]);
    expect(parse(shift, 'X-WR-TIMEZONE:Asia/Hong_Kong').timeZone).toBe('Asia/Hong_Kong');
    // A blank TZID is a floating time, not a lost event.
    expect(times([{ title: 'B', start: 'TZID=:20991205T060000', end: 'TZID=:20991205T070000' }], '', 'Asia/Hong_Kong')).toEqual([
      ['B', '2099-12-04T22:00:00.000Z', '2099-12-04T23:00:00.000Z'],
    ]);
  });

  it('a zone defined only in the file, with its own daylight-saving rules (Lotus Notes "Eastern")', () => {
    const eastern = vtimezone(
      'Eastern',
      'BEGIN:STANDARD\r\nDTSTART:19501105T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\r\nEND:STANDARD\r\nBEGIN:DAYLIGHT\r\nDTSTART:19500312T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r\nEND:DAYLIGHT',
    );
    const custom = vtimezone(
      'Crew Base Time',
      'BEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0300\r\nTZOFFSETTO:+0300\r\nEND:STANDARD',
    );
    expect(
      times(
        [
          { title: 'W', start: 'TZID=Eastern:21000110T090000', end: 'TZID=Eastern:21000110T100000' },
          { title: 'S', start: 'TZID=Eastern:21000710T090000', end: 'TZID=Eastern:21000710T100000' },
          { title: 'C', start: 'TZID="Crew Base Time":21000110T090000', end: 'TZID="Crew Base Time":21000110T100000' },
        ],
        `${eastern}\r\n${custom}`,
      ),
    ).toEqual(
      [
        ['W', '2100-01-10T14:00:00.000Z', '2100-01-10T15:00:00.000Z'],
        ['C', '2100-01-10T06:00:00.000Z', '2100-01-10T07:00:00.000Z'],
        ['S', '2100-07-10T13:00:00.000Z', '2100-07-10T14:00:00.000Z'],
      ].sort((a, b) => a[1]!.localeCompare(b[1]!)),
    );
  });

  it('Windows and Outlook zone names keep daylight saving; Evolution’s prefixed names are IANA names', () => {
    const at = (tzid: string, day: string) => ({ title: tzid, start: `TZID=${tzid}:${day}T090000`, end: `TZID=${tzid}:${day}T100000` });
    expect(
      times([
        at('"Eastern Standard Time"', '21000110'),
        at('"Eastern Standard Time"', '21000710'),
        at('"(GMT-05:00) Eastern Time (US & Canada)"', '21000711'),
        at('"(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna"', '21000712'),
        at('/freeassociation.sourceforge.net/Tzfile/Europe/London', '21000713'),
        at('/mozilla.org/20050126_1/America/Chicago', '21000714'),
      ]).map(([, start]) => start),
    ).toEqual([
      '2100-01-10T14:00:00.000Z',
      '2100-07-10T13:00:00.000Z',
      '2100-07-11T13:00:00.000Z',
      '2100-07-12T07:00:00.000Z',
      '2100-07-13T08:00:00.000Z',
      '2100-07-14T14:00:00.000Z',
    ]);
  });

  it('a zone nothing explains is read at the base, never on the server’s clock', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(times([{ title: 'N', start: 'TZID=Nowhere Standard:21000110T090000' }], '', 'Asia/Tokyo')).toEqual([
      ['N', '2100-01-10T00:00:00.000Z', '2100-01-10T00:00:00.000Z'],
    ]);
  });

  it('all-day events are days; DTEND is the day after the last', () => {
    const [d] = parse([{ title: 'Vacation', start: 'VALUE=DATE:20991230', end: 'VALUE=DATE:21000102' }]).entries;
    expect(d).toMatchObject({ allDay: true, startDay: '2099-12-30', endDay: '2100-01-01', pairing: null });
    expect(d?.start).toBe('2099-12-30T00:00:00.000Z');
    expect(d?.end).toBe('2100-01-02T00:00:00.000Z');
    const [single] = parse([{ title: 'Off', start: 'VALUE=DATE:20991231' }]).entries;
    expect(single).toMatchObject({ startDay: '2099-12-31', endDay: '2099-12-31' });
  });

  it('UTC times, a duty ending at midnight, recurring events, cancelled and long-past events', () => {
    const { entries } = parse([
      { title: 'DL455', start: '20991210T200000Z', end: '20991211T000000Z' },
      { title: 'Trip 4455', start: '20991225T080000Z', end: '20991225T130000Z', extra: 'RRULE:FREQ=DAILY;COUNT=3' },
      { title: 'ATL1', start: '20991212T080000Z', end: '20991212T100000Z', extra: 'STATUS:CANCELLED' },
      { title: 'ATL2', start: '20990101T080000Z', end: '20990101T100000Z' },
    ]);
    expect(entries.map((d) => [d.pairing, d.startDay, d.endDay])).toEqual([
      ['DL455', '2099-12-10', '2099-12-10'],
      ['4455', '2099-12-25', '2099-12-25'],
      ['4455', '2099-12-26', '2099-12-26'],
      ['4455', '2099-12-27', '2099-12-27'],
    ]);
  });

  it('RDATE adds dates, EXDATE removes them, RECURRENCE-ID moves or cancels one occurrence', () => {
    const uid = 'UID:series@roster.test';
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      uid,
      'DTSTART;TZID=Europe/Berlin:20991201T050000',
      'DTEND;TZID=Europe/Berlin:20991201T130000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO, TU;COUNT=6',
      'RDATE;TZID=Europe/Berlin:20991204T050000,20991205T050000',
      'EXDATE;TZID=Europe/Berlin:20991207T050000',
      'SUMMARY:RES Home Standby',
      'END:VEVENT',
      'BEGIN:VEVENT',
      uid,
      'RECURRENCE-ID;TZID=Europe/Berlin:20991208T050000',
      'DTSTART;TZID=Europe/Berlin:20991208T090000',
      'DTEND;TZID=Europe/Berlin:20991208T170000',
      'SUMMARY:RES Airport Standby',
      'END:VEVENT',
      'BEGIN:VEVENT',
      uid,
      'RECURRENCE-ID:20991214T040000Z',
      'DTSTART;TZID=Europe/Berlin:20991214T050000',
      'STATUS:CANCELLED',
      'SUMMARY:RES Home Standby',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    // 2099-12-01 is a Tuesday: Tu 1, Mo 7, Tu 8, Mo 14, Tu 15, Mo 21 by the rule; 7 excluded, 8 moved, 14 cancelled.
    expect(read(text).entries.map((e) => [e.startDay, e.start.slice(11, 16), e.title])).toEqual([
      ['2099-12-01', '04:00', 'RES Home Standby'],
      ['2099-12-04', '04:00', 'RES Home Standby'],
      ['2099-12-05', '04:00', 'RES Home Standby'],
      ['2099-12-08', '08:00', 'RES Airport Standby'],
      ['2099-12-15', '04:00', 'RES Home Standby'],
      ['2099-12-21', '04:00', 'RES Home Standby'],
    ]);
  });

  it('several calendars in one file; events sharing a UID are each kept', () => {
    const one = icsOf([{ title: 'EW1', start: '20991210T080000Z', end: '20991210T100000Z' }]);
    const two = icsOf([{ title: 'EW2', start: '20991211T080000Z', end: '20991211T100000Z' }]);
    expect(read(one + two).entries.map((e) => e.title)).toEqual(['EW1', 'EW2']);
    const shared = [
      'BEGIN:VCALENDAR',
      ...['20991210', '20991211'].flatMap((d) => [
        'BEGIN:VEVENT',
        'UID:same',
        `RECURRENCE-ID:${d}T080000Z`,
        `DTSTART:${d}T080000Z`,
        `DTEND:${d}T100000Z`,
        `SUMMARY:SA${d.slice(-2)}`,
        'END:VEVENT',
      ]),
      ...['BEGIN:VEVENT', 'UID:same', 'DTSTART:20991212T080000Z', 'SUMMARY:SA12', 'END:VEVENT'],
      'END:VCALENDAR',
    ].join('\r\n');
    expect(read(shared).entries.map((e) => e.title)).toEqual(['SA10', 'SA11', 'SA12']);
  });

  it('UTF-16 with a BOM, Latin-1, and bare CR line ends', () => {
    const text = icsOf([{ title: 'EW123 Köln-Palma', start: '20991210T080000Z', end: '20991210T100000Z' }]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const latin1 = Buffer.from(text, 'latin1');
    const cr = bytes(text.replaceAll('\r\n', '\r'));
    for (const file of [utf16, latin1, cr]) {
      expect(readRoster(file, { now: NOW, baseZone: 'UTC', deadline: Date.now() + 5_000 }).entries.map((e) => e.title)).toEqual([
        'EW123 Köln-Palma',
      ]);
    }
  });

  it('a bad event is skipped by line, the rest kept; a file of nothing readable is refused with the first reason', () => {
    const good = Array.from({ length: 400 }, (_, i) => ({
      title: `EW${i}`,
      start: `2099121${i % 10}T080000Z`,
      end: `2099121${i % 10}T100000Z`,
    }));
    const text = icsOf([
      ...good,
      { title: 'BAD', start: '20991212T080000Z', extra: 'DTSTART:20991213T080000Z' },
      { title: 'BAD2', start: '20991240T080000Z' },
    ]);
    const { entries, skipped, skippedCount } = read(text);
    expect(entries).toHaveLength(400);
    expect(skippedCount).toBe(2);
    expect(skipped.map((s) => s.reason)).toEqual(['more than one start date', 'unreadable date']);
    expect(text.split('\r\n')[skipped[0]!.line - 1]).toBe('DTSTART:20991213T080000Z');
    expect(text.split('\r\n')[skipped[1]!.line - 1]).toBe('DTSTART:20991240T080000Z');

    const secondly = icsOf([{ title: 'S', start: '20991210T080000Z', extra: 'RRULE:FREQ=SECONDLY' }]);
    expect(refusal(secondly)).toEqual({
      status: 400,
      message: `${ROSTER_TEXT.nothingReadable} Line ${ruleLine(secondly)}: repeats more often than once an hour.`,
    });
  });

  it('refuses what is not iCalendar, and more than 2,000 events, saying which', () => {
    expect(refusal('hello')).toEqual({ status: 400, message: ROSTER_TEXT.notIcs });
    expect(refusal('%PDF-1.7\n...')).toEqual({ status: 400, message: ROSTER_TEXT.notIcs });
    expect(refusal('BEGIN:VCARD\nEND:VCARD\n')).toEqual({ status: 400, message: ROSTER_TEXT.notIcs });
    expect(refusal(new Uint8Array([0x42, 0, 0x45, 0x47, 0, 0, 1, 2]))).toEqual({ status: 400, message: ROSTER_TEXT.notIcs });
    const many = Array.from({ length: 2001 }, (_, i) => ({ title: `A${i}`, start: '20991210T200000Z', end: '20991210T220000Z' }));
    expect(refusal(icsOf(many))).toEqual({ status: 400, message: ROSTER_TEXT.tooManyEvents });
    expect(refusal(icsOf(many.slice(0, 2000)))).toBeUndefined();
    // One event recurring past the limit is skipped: nothing else is left to read.
    const hourly = [{ title: 'X1', start: '20991210T200000Z', end: '20991210T220000Z', extra: 'RRULE:FREQ=HOURLY;COUNT=2500' }];
    expect(refusal(icsOf(hourly))).toEqual({
      status: 400,
      message: `${ROSTER_TEXT.nothingReadable} Line ${ruleLine(icsOf(hourly))}: repeats more than 2,000 times.`,
    });
  });

  it('components nested without end, or ended by names never begun, are read in linear time', () => {
    // BEGIN and unmatched END lines: each END must not search a stack as deep as the file.
    const deep = `BEGIN:VCALENDAR\r\n${'BEGIN:X\r\n'.repeat(20_000)}${'END:Y\r\n'.repeat(20_000)}END:VCALENDAR\r\n`;
    const event = 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:d\r\nDTSTART:20991210T080000Z\r\nSUMMARY:EW1\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    const started = Date.now();
    expect(read(deep + event).entries.map((e) => e.title)).toEqual(['EW1']);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a file naming thousands of unknown zones does not slow the files read after it', () => {
    // Each file in a zone not read before (the reader keeps the zones it has met).
    const timed = (zone: string) => {
      const exdates = `EXDATE;TZID=${zone}:20991211T080000\r\n`.repeat(10_000).trim();
      const text = icsOf([{ title: 'EW1', start: `TZID=${zone}:20991210T080000`, extra: exdates }]);
      const started = performance.now();
      expect(read(text).entries.map((e) => e.start)).toEqual(['2099-12-10T07:00:00.000Z']);
      return performance.now() - started;
    };
    const before = Math.min(timed('Europe/Paris'), timed('Europe/Madrid'));
    const names = Array.from({ length: 2_000 }, (_, i) => `EXDATE;TZID=Nowhere ${i}:20991211T080000`).join('\r\n');
    read(icsOf([{ title: 'EW2', start: '20991210T080000Z', extra: names }]));
    expect(Math.min(timed('Europe/Rome'), timed('Europe/Vienna'))).toBeLessThan(before * 2 + 50);
  });

  it('a rule that would take too long gives the file up as too complex, within its deadline', () => {
    const hours = Array.from({ length: 24 }, (_, i) => i).join(',');
    const minutes = Array.from({ length: 60 }, (_, i) => i).join(',');
    // BYSETPOS past 366 is refused by the rule's reader; within it, 1,440 candidates a day for the window's year.
    const dense = icsOf([
      { title: 'B', start: '20991201T000000Z', extra: `RRULE:FREQ=DAILY;BYHOUR=${hours};BYMINUTE=${minutes};BYSETPOS=-366` },
    ]);
    const started = Date.now();
    expect(() => readRoster(bytes(dense), { now: NOW, baseZone: 'UTC', deadline: Date.now() + 200 })).toThrow(RosterRefusal);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('what other parsers’ test files showed: RDATE periods, SEQUENCE, all-day overrides, bare events, split UTF-8, EXRULE, BYMONTH', () => {
    const cal = (...lines: string[]) => ['BEGIN:VCALENDAR', ...lines, 'END:VCALENDAR'].join('\r\n');
    const ev = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'];
    // An RDATE PERIOD keeps its own length.
    const period = read(
      cal(
        ...ev('UID:p', 'DTSTART:20991210T090000Z', 'DURATION:PT30M', 'RDATE;VALUE=PERIOD:20991212T090000Z/20991212T123000Z', 'SUMMARY:M'),
      ),
    );
    expect(period.entries.map((e) => [e.start.slice(0, 16), e.end.slice(0, 16)])).toEqual([
      ['2099-12-10T09:00', '2099-12-10T09:30'],
      ['2099-12-12T09:00', '2099-12-12T12:30'],
    ]);
    // Two versions of one occurrence: the higher SEQUENCE is the one.
    const seq = read(
      cal(
        ...ev('UID:s', 'DTSTART:20991210T090000Z', 'DTEND:20991210T100000Z', 'RRULE:FREQ=DAILY;COUNT=2', 'SUMMARY:S'),
        ...ev('UID:s', 'RECURRENCE-ID:20991211T090000Z', 'SEQUENCE:2', 'DTSTART:20991211T140000Z', 'DTEND:20991211T150000Z', 'SUMMARY:S'),
        ...ev('UID:s', 'RECURRENCE-ID:20991211T090000Z', 'SEQUENCE:1', 'DTSTART:20991211T110000Z', 'DTEND:20991211T120000Z', 'SUMMARY:S'),
      ),
    );
    expect(seq.entries.map((e) => e.start.slice(0, 16))).toEqual(['2099-12-10T09:00', '2099-12-11T14:00']);
    // Exchange moves one day of an all-day series with a local-midnight RECURRENCE-ID.
    const moved = read(
      cal(
        ...ev('UID:a', 'DTSTART;VALUE=DATE:20991210', 'RRULE:FREQ=DAILY;COUNT=3', 'SUMMARY:OFF'),
        ...ev('UID:a', 'RECURRENCE-ID;TZID=Europe/Berlin:20991211T000000', 'DTSTART;VALUE=DATE:20991215', 'SUMMARY:OFF'),
      ),
    );
    expect(moved.entries.map((e) => e.startDay)).toEqual(['2099-12-10', '2099-12-12', '2099-12-15']);
    // One event exported alone, with no VCALENDAR around it.
    expect(read(ev('UID:b', 'DTSTART:20991210T090000Z', 'SUMMARY:Bare').join('\r\n')).entries.map((e) => e.title)).toEqual(['Bare']);
    // A fold that splits a UTF-8 character, and a stray bad byte: still UTF-8.
    const split = Buffer.concat([
      Buffer.from('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:u\r\nDTSTART:20991210T090000Z\r\nSUMMARY:K\xc3', 'latin1'),
      Buffer.from('\r\n \xb6ln \xff\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n', 'latin1'),
    ]);
    expect(readRoster(split, { now: NOW, baseZone: 'UTC', deadline: Date.now() + 5_000 }).entries[0]?.title).toBe('Köln \uFFFD');
    // EXRULE (RFC 2445) still removes what it names.
    const exrule = read(
      cal(...ev('UID:x', 'DTSTART:20991201T090000Z', 'RRULE:FREQ=DAILY;COUNT=6', 'EXRULE:FREQ=DAILY;INTERVAL=2;COUNT=3', 'SUMMARY:X')),
    );
    expect(exrule.entries.map((e) => e.startDay)).toEqual(['2099-12-02', '2099-12-04', '2099-12-06']);
    // MONTHLY with BYMONTH from a month in the middle of the list keeps every month and the count.
    const monthly = read(
      cal(...ev('UID:m', 'DTSTART:20991115T090000Z', 'RRULE:FREQ=MONTHLY;BYMONTH=1,3,11,12;BYMONTHDAY=15;COUNT=5', 'SUMMARY:Y')),
    );
    expect(monthly.entries.map((e) => e.startDay)).toEqual(['2099-11-15', '2099-12-15', '2100-01-15', '2100-03-15', '2100-11-15']);
  });
});
