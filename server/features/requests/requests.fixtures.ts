// Test data for the request, matching and upload tests (imported by *.test.ts only).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RequestInput } from '#protocol/schemas/requests.ts';

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

/** A real 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The multipart form the web client sends: fields as text (lists as JSON text) plus repeated files. */
export function requestForm(
  body: Record<string, unknown>,
  files: { name: string; type: string; bytes: Buffer; field?: string }[],
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null) continue;
    form.append(k, Array.isArray(v) ? JSON.stringify(v) : String(v));
  }
  for (const f of files) form.append(f.field ?? 'tripImages', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return form;
}

/** Every file under the upload folder (temp folders included), relative names, sorted. */
export async function listUploads(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** Polls until `check` returns a truthy value (background work such as mail), or fails after timeoutMs. */
export async function waitFor<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}
