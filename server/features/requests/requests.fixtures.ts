// Test data for the request, matching and upload tests (imported by *.test.ts only).
import type { RequestInput } from '#protocol/schemas/requests.ts';
import type { SignedInUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import type { TestApp } from '../../test/test-app.ts';
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

/**
 * A request posted while its days were ahead, whose days have since passed: the server refuses a
 * date before the base's today (issue 39), so time is moved on in the database instead.
 */
export async function pastRequest(
  app: TestApp,
  who: SignedInUser,
  dates: { date: string; additionalDates?: string[] },
  over: Record<string, unknown> = {},
): Promise<{ id: number }> {
  const res = await who.client.post('/api/requests', requestBody({ ...over, date: inDays(20) }));
  if (res.status !== 201) throw new Error(`request failed: ${res.status} ${res.text}`);
  const all = [...new Set([dates.date, ...(dates.additionalDates ?? [])])].sort();
  await sql(app.databaseUrl, 'update requests set date = $2, additional_dates = $3, all_dates = $4, last_date = $5 where id = $1', [
    res.body.id,
    dates.date,
    (dates.additionalDates ?? []).filter((d) => d !== dates.date),
    all,
    all.at(-1),
  ]);
  return { id: res.body.id as number };
}
