// Files as the web client sends them, for every test that uploads (requests, chat, messages,
// schedules, the upload abuse and storage tests), and what an upload left on disk.
import fs from 'node:fs/promises';
import path from 'node:path';

/** A real 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** One file of a multipart form; `field` overrides the form's file field. */
export interface FilePart {
  name: string;
  type: string;
  bytes: Buffer;
  field?: string;
}

export const png = (name = 'photo.png'): FilePart => ({ name, type: 'image/png', bytes: TINY_PNG });

/** A multipart form: text fields, then each file under its own field or `fileField`. */
export function multipartForm(fileField: string, fields: Record<string, string | number>, files: readonly FilePart[] = []): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, String(v));
  for (const f of files) data.append(f.field ?? fileField, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return data;
}

/** Every file under the upload folder (temp folders included), relative names, sorted. */
export async function listUploads(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}
