// Test data for the request, matching and upload tests (imported by *.test.ts only).
import type { RequestInput } from '#protocol/schemas/requests.ts';
import { multipartForm, type FilePart } from '../../test/uploads.ts';

/** An ISO date `days` from today (UTC), the calendar the server uses for "past". */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let seq = 0;
/** A valid drop of a pairing, a few days ahead; overrides shape the rest. */
export const requestBody = (over: Record<string, unknown> = {}): RequestInput & Record<string, unknown> => ({
  type: 'drop',
  date: inDays(5),
  routeType: 'pairing',
  route: `P${++seq}`,
  tripDays: 2,
  ...over,
});

/** The multipart form the web client sends: fields as text (lists as JSON text) plus repeated files. */
export function requestForm(body: Record<string, unknown>, files: readonly FilePart[]): FormData {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null) continue;
    fields[k] = Array.isArray(v) ? JSON.stringify(v) : String(v);
  }
  return multipartForm('tripImages', fields, files);
}
