import type { RequestInput } from '#protocol/schemas/requests.ts';
import type { ProfileBody } from '#protocol/schemas/profile.ts';

export const DEMO_PASSWORD = 'Crewtrade1';

type Crew = Required<Omit<ProfileBody, 'emailNotifications' | 'timeZone'>> & { email: string };

const groups = [
  { airline: 'Delta', base: 'ATL', position: 'captain', aircraftType: '737' },
  { airline: 'Delta', base: 'ATL', position: 'flight_attendant', aircraftType: 'A320' },
  { airline: 'United', base: 'ORD', position: 'first_officer', aircraftType: '787 Dreamliner' },
  { airline: 'American', base: 'DFW', position: 'flight_attendant', aircraftType: 'A320' },
] as const;

const names = [
  ['Maya', 'Okafor'],
  ['Liam', 'Brennan'],
  ['Sofia', 'Reyes'],
  ['Noah', 'Kim'],
  ['Ava', 'Lindqvist'],
  ['Ethan', 'Moreau'],
];

/** Six crew in each of four groups: two airlines share a base so the group scope shows. */
export const DEMO_CREW: Crew[] = groups.flatMap((g, gi) =>
  names.map(([firstName, lastName], ni) => ({
    ...g,
    firstName: firstName!,
    lastName: lastName!,
    employeeNumber: `${g.airline.slice(0, 2).toUpperCase()}${1000 + gi * 10 + ni}`,
    email: `${firstName!.toLowerCase()}.${lastName!.toLowerCase()}.${g.airline.toLowerCase()}${gi}@demo.crewtrade.app`,
  })),
);

const day = (from: Date, offset: number) => new Date(from.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

/** Requests that line up: drops with pickups on shared days, and two trades that swap. */
export function demoRequests(today: Date): { crewIndex: number; body: RequestInput }[] {
  const out: { crewIndex: number; body: RequestInput }[] = [];
  groups.forEach((_, gi) => {
    const base = gi * names.length;
    const pairing = (n: number) => `${['ATL', 'ORD', 'DFW', 'ATL'][gi]}${4100 + gi * 100 + n}`;
    out.push(
      {
        crewIndex: base,
        body: {
          type: 'drop',
          date: day(today, 3 + gi),
          routeType: 'pairing',
          route: pairing(1),
          tripDays: 3,
          notes: 'Family event, happy to owe you one.',
        },
      },
      {
        crewIndex: base + 1,
        body: {
          type: 'pickup',
          date: day(today, 3 + gi),
          additionalDates: [day(today, 4 + gi)],
          routeType: 'pairing',
          route: 'Any 2-4 day',
          tripDays: 3,
        },
      },
      {
        crewIndex: base + 2,
        body: { type: 'trade', date: day(today, 7), routeType: 'pairing', route: pairing(2), tripDays: 2, desiredDates: [day(today, 9)] },
      },
      {
        crewIndex: base + 3,
        body: { type: 'trade', date: day(today, 9), routeType: 'pairing', route: pairing(3), tripDays: 2, desiredDates: [day(today, 7)] },
      },
      {
        crewIndex: base + 4,
        body: { type: 'drop', date: day(today, 12), routeType: 'reserve_period', reservePeriod: 'R1 0500-1700', tripDays: 1 },
      },
      {
        crewIndex: base + 5,
        body: {
          type: 'pickup',
          date: day(today, 15),
          routeType: 'reserve_period',
          reservePeriod: 'Any long-call reserve',
          tripDays: 1,
          notes: 'Building hours this month.',
        },
      },
    );
  });
  return out;
}

/**
 * Maya's roster (an .ics as crew scheduling systems export it), uploaded so My Month and the
 * tradeboard's conflict lines have duties to show: the trip she drops (ATL4101, three days), a timed
 * day trip, a standby, a simulator, days off and a leave, over the coming four weeks.
 */
export function demoRoster(today: Date): string {
  const compact = (offset: number) => day(today, offset).replaceAll('-', '');
  const allDay = (title: string, offset: number, days = 1) => [
    `DTSTART;VALUE=DATE:${compact(offset)}`,
    `DTEND;VALUE=DATE:${compact(offset + days)}`,
    `SUMMARY:${title}`,
  ];
  const events = [
    allDay('OFF', 1, 2),
    allDay('ATL4101 ATL-DEN-ATL', 3, 3),
    allDay('OFF', 6),
    allDay('SBY 0500-1700', 7),
    [`DTSTART:${compact(9)}T113000Z`, `DTEND:${compact(9)}T203000Z`, 'SUMMARY:ATL4122 ATL-MCO-ATL'],
    allDay('OFF', 10, 2),
    allDay('SIM Recurrent', 13),
    allDay('ATL4150 ATL-SEA-ATL', 15, 2),
    allDay('Annual Leave', 20, 4),
    allDay('ATL4177 ATL-BOS-ATL', 26, 2),
  ];
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Crewtrade demo//Roster//EN'];
  events.forEach((e, i) =>
    lines.push('BEGIN:VEVENT', `UID:demo-${i}@roster.crewtrade.app`, `DTSTAMP:${compact(0)}T000000Z`, ...e, 'END:VEVENT'),
  );
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

/** The demo's administrator (npm run seed prints it): sees the Admin area's users, logs and support. */
export const DEMO_ADMIN = { firstName: 'Ada', lastName: 'Admin', email: 'admin@demo.crewtrade.app' } as const;

/**
 * A three-way trade chain in the second group, on days no other demo request uses: A wants C's day,
 * B wants A's, C wants B's; the third request closes the ring and the chain is proposed to all three.
 */
export function demoChain(today: Date): { crewIndex: number; body: RequestInput }[] {
  const base = names.length;
  const [d0, d1, d2] = [day(today, 20), day(today, 21), day(today, 22)];
  const trade = (date: string, desired: string, route: string): RequestInput => ({
    type: 'trade',
    date,
    desiredDates: [desired],
    routeType: 'pairing',
    route,
    tripDays: 2,
  });
  return [
    { crewIndex: base, body: trade(d0, d2, 'ATL5201') },
    { crewIndex: base + 1, body: trade(d1, d0, 'ATL5202') },
    { crewIndex: base + 2, body: trade(d2, d1, 'ATL5203') },
  ];
}

/** Base chat posts and a direct conversation in the first group (crew indexes there). */
export const DEMO_CHAT = [
  { crewIndex: 0, chatType: 'lineholder', content: 'Anyone flying the ATL-LAX turn on Friday? Looking to swap into a later show.' },
  { crewIndex: 2, chatType: 'lineholder', content: 'I might be, will check my line tonight.' },
  { crewIndex: 4, chatType: 'reserve', content: 'R1 tomorrow, happy to pick up a short call if someone needs the day.' },
] as const;

export const DEMO_MESSAGES = [
  { from: 1, to: 0, content: 'Hi Maya, saw your drop on the board. Is it the 3-day with the Denver overnight?' },
  { from: 0, to: 1, content: 'Yes, that one. Report at 06:15. It is yours if you want it!' },
  { from: 1, to: 0, content: 'Great, sending you an offer now.' },
] as const;
