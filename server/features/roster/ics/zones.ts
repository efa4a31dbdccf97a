import ICAL from 'ical.js';
import { findIana } from 'windows-iana';
import { type Component, type Property } from './content-lines.ts';
import { wallMs, wallOf, type WallTime } from './date-values.ts';
import { ianaInstant, ianaWall, isIana } from './iana-time.ts';

export { isIana };

/**
 * A TZID as the file means it (docs/decisions/0040). Tried in this order:
 * 1. an IANA name, also inside Evolution's and Mozilla's prefixed forms
 *    ("/freeassociation.sourceforge.net/Tzfile/Europe/London"): the full history of the zone;
 * 2. a Windows zone name ("Eastern Standard Time", as Outlook and Exchange write them);
 * 3. the file's own VTIMEZONE of that TZID, with its rules (Lotus Notes' "Eastern", made-up names);
 * 4. Outlook's display names ("(GMT-05:00) Eastern Time (US & Canada)") by their region or cities,
 *    else the offset they state;
 * 5. else the calendar's floating zone: its X-WR-TIMEZONE, else the crew member's base's zone.
 * The server's own zone never enters: every conversion here is explicit.
 */
export type Zone = { kind: 'iana'; name: string } | { kind: 'rules'; tz: ICAL.Timezone } | { kind: 'offset'; ms: number };

/** The regions Outlook and Lotus Notes name without a city. */
const REGIONS: Record<string, string> = {
  EASTERN: 'America/New_York',
  CENTRAL: 'America/Chicago',
  MOUNTAIN: 'America/Denver',
  PACIFIC: 'America/Los_Angeles',
  ALASKA: 'America/Anchorage',
  HAWAII: 'Pacific/Honolulu',
  ATLANTIC: 'America/Halifax',
  ARIZONA: 'America/Phoenix',
  NEWFOUNDLAND: 'America/St_Johns',
  GMT: 'Europe/London',
  UTC: 'UTC',
};

let cityIndex: Map<string, string> | undefined;
/** "BERLIN" -> "Europe/Berlin": the last part of every IANA name the runtime knows. */
function zoneOfCity(city: string): string | undefined {
  if (!cityIndex) {
    cityIndex = new Map();
    for (const name of Intl.supportedValuesOf('timeZone')) cityIndex.set(name.split('/').at(-1)!.replace(/_/g, ' ').toUpperCase(), name);
  }
  return cityIndex.get(city.trim().toUpperCase());
}

/** The IANA zone a name means without the file's help, if it is one of the known styles. */
function ianaOfName(tzid: string): string | undefined {
  if (isIana(tzid)) return tzid;
  if (tzid.startsWith('/')) {
    const parts = tzid.split('/').filter(Boolean);
    for (let i = 1; i < parts.length; i++) {
      const candidate = parts.slice(i).join('/');
      if (isIana(candidate)) return candidate;
    }
  }
  const windows = findIana(tzid)[0];
  if (windows && isIana(windows)) return windows;
  return undefined;
}

/** Outlook's "(GMT-05:00) Eastern Time (US & Canada)" or "(UTC+01:00) Amsterdam, Berlin, Bern": a zone by region or city, else the offset. */
function zoneOfDisplayName(tzid: string): Zone | undefined {
  const m = /^\(?(?:GMT|UTC)\s*(?:([+-])(\d{1,2}):?(\d{2}))?\)?\s*(.*)$/i.exec(tzid.trim());
  const body = (m ? m[4]! : tzid).trim();
  const region = REGIONS[body.split(/[\s(]/)[0]!.toUpperCase()];
  if (region) return { kind: 'iana', name: region };
  for (const city of body.split(/[,/()&]| - /)) {
    const name = zoneOfCity(city);
    if (name) return { kind: 'iana', name };
  }
  if (m?.[1]) return { kind: 'offset', ms: (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 };
  return undefined;
}

/** A VTIMEZONE of the file as ical.js reads it (its STANDARD and DAYLIGHT rules), or undefined when it cannot be. */
function rulesOf(component: Component): ICAL.Timezone | undefined {
  const line = (p: Property) =>
    `${p.name}${Object.entries(p.params)
      .map(([k, v]) => `;${k}=${/[;:,]/.test(v) ? `"${v}"` : v}`)
      .join('')}:${p.value}`;
  const text = (c: Component): string[] => [`BEGIN:${c.name}`, ...c.props.map(line), ...c.children.flatMap(text), `END:${c.name}`];
  try {
    const tz = new ICAL.Timezone(new ICAL.Component(ICAL.parse(text(component).join('\r\n'))));
    // A definition without a single usable observance would answer offset 0 for everything.
    return component.children.some((c) => c.name === 'STANDARD' || c.name === 'DAYLIGHT') ? tz : undefined;
  } catch {
    return undefined;
  }
}

/** The zones of one file: its VTIMEZONEs by TZID, and each name resolved once. */
export class ZoneBook {
  private readonly resolved = new Map<string, Zone | null>();
  private readonly definitions = new Map<string, Component>();

  constructor(vtimezones: Component[]) {
    for (const c of vtimezones) {
      const id = c.props.find((p) => p.name === 'TZID')?.value.trim();
      if (id && !this.definitions.has(id)) this.definitions.set(id, c);
    }
  }

  /** The zone a TZID names, or null when nothing in or out of the file says what it is (each name resolved once per file). */
  zoneOf(tzid: string | undefined): Zone | null {
    const id = tzid?.trim().replace(/^"|"$/g, '');
    if (!id) return null;
    let zone = this.resolved.get(id);
    if (zone === undefined) {
      const iana = ianaOfName(id);
      const definition = this.definitions.get(id);
      const rules = iana ? undefined : definition && rulesOf(definition);
      zone = iana ? { kind: 'iana', name: iana } : rules ? { kind: 'rules', tz: rules } : (zoneOfDisplayName(id) ?? null);
      this.resolved.set(id, zone);
    }
    return zone;
  }
}

/** The IANA name of a zone, when it has one (the roster's own zone is stored by name). */
export const ianaName = (zone: Zone | null) => (zone?.kind === 'iana' ? zone.name : undefined);

/** The instant a wall time names in a zone; a wall time that a clock change skips moves forward, as clocks do. */
export function instantOf(wall: WallTime, zone: Zone): number {
  const asUtc = wallMs(wall);
  if (wall.utc) return asUtc;
  switch (zone.kind) {
    case 'offset':
      return asUtc - zone.ms;
    case 'rules': {
      const t = new ICAL.Time({ ...wall, isDate: false }, zone.tz);
      return asUtc - zone.tz.utcOffset(t) * 1000;
    }
    case 'iana':
      return ianaInstant(asUtc, zone.name);
  }
}

/** The wall time of an instant in a zone. */
export function wallIn(instant: number, zone: Zone): WallTime {
  switch (zone.kind) {
    case 'offset':
      return wallOf(instant + zone.ms);
    case 'rules': {
      const local = ICAL.Time.fromJSDate(new Date(instant), true).convertToZone(zone.tz);
      return {
        year: local.year,
        month: local.month,
        day: local.day,
        hour: local.hour,
        minute: local.minute,
        second: local.second,
        isDate: false,
        utc: false,
      };
    }
    case 'iana':
      return wallOf(ianaWall(instant, zone.name));
  }
}
