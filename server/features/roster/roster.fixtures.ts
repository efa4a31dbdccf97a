/** An event for a test roster: DTSTART/DTEND values with their parameters ("TZID=...:2099...", "VALUE=DATE:2099..."). */
export interface TestEvent {
  title: string;
  start: string;
  end?: string;
  /** More lines inside the VEVENT (RRULE, STATUS...). */
  extra?: string;
}

const prop = (name: string, value: string) => (/^[A-Z]+=/.test(value) ? `${name};${value}` : `${name}:${value}`);

/** A roster as a crew scheduling system exports it (CRLF lines, one VEVENT per duty). */
export function icsOf(events: TestEvent[], calendarExtra = ''): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Crew Scheduling//Roster//EN', 'CALSCALE:GREGORIAN'];
  if (calendarExtra) lines.push(calendarExtra);
  events.forEach((e, i) => {
    lines.push('BEGIN:VEVENT', `UID:duty-${i}@roster.test`, 'DTSTAMP:20991101T000000Z', prop('DTSTART', e.start));
    if (e.end) lines.push(prop('DTEND', e.end));
    lines.push(`SUMMARY:${e.title}`);
    if (e.extra) lines.push(e.extra);
    lines.push('END:VEVENT');
  });
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

/** An all-day duty on `day` (YYYY-MM-DD) for `days` days. */
export function dayDuty(title: string, day: string, days = 1): TestEvent {
  const compact = (d: string) => d.replaceAll('-', '');
  const [y, m, dd] = day.split('-').map(Number);
  const end = new Date(Date.UTC(y!, m! - 1, dd! + days)).toISOString().slice(0, 10);
  return { title, start: `VALUE=DATE:${compact(day)}`, end: `VALUE=DATE:${compact(end)}` };
}
