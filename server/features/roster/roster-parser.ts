import type { ParsedRoster } from './roster.ics.ts';

/**
 * parseRoster (roster.ics.ts), with node-ical and the rrule and Temporal code it brings loaded on
 * the first roster read instead of at start: an instance holds their text and objects only once a
 * roster is uploaded, subscribed or refreshed (docs/decisions/0034).
 */
export async function parseRoster(text: string, now?: Date): Promise<ParsedRoster> {
  const ics = await import('./roster.ics.ts');
  return ics.parseRoster(text, now);
}
