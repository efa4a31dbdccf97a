import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The folder of uploaded images: stored names are random, their extension comes from the sniffed
 * type, and nothing but such a name is ever written, served or deleted there. Rows of the image
 * tables name these files; server/storage/file-references.ts says which names a row still holds.
 */

/** The sniffed type decides the extension, so the name alone tells the served Content-Type. */
const EXTENSION_BY_MIME: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
};
export const MIME_BY_EXTENSION = Object.fromEntries(Object.entries(EXTENSION_BY_MIME).map(([m, e]) => [e, m]));
/** What a stored name looks like: 32 hex characters and a known extension (nothing else is ever served). */
export const STORED_NAME = /^[a-f0-9]{32}\.(jpg|png|gif|webp|heic|heif)$/;

/** Where the multipart parser writes a request's parts, one folder per request (same file system: moves are renames). */
export const tempRoot = (uploadDir: string) => path.join(uploadDir, 'tmp');

/** An image accepted and stored; the row of an *_images table is built from it. */
export interface StoredUpload {
  filename: string;
  originalName: string;
  mimeType: string;
  size: number;
}

export interface StoredFile {
  name: string;
  /** Last modification: when the file was stored (store() stamps it). */
  modifiedAt: number;
}

/** A stored image's thumbnail: beside it, the same random part, always WebP. */
export const thumbNameOf = (filename: string) => filename.replace(/\.[a-z]+$/, '.thumb.webp');
/** What a thumbnail's name looks like (the sweep removes one whose image is gone). */
export const THUMB_NAME = /^[a-f0-9]{32}\.thumb\.webp$/;

/**
 * Writes a prepared image and its thumbnail into the store under a new random name and returns
 * that name. Our own writes (not a parser's), so a full disk is an error here, never a short file.
 * A failure removes what it wrote. The files' time is now: the sweep's grace period counts from here.
 */
export async function storeImage(uploadDir: string, image: { mimeType: string; full: Buffer; thumb: Buffer }): Promise<string> {
  const extension = EXTENSION_BY_MIME[image.mimeType];
  if (!extension) throw new Error(`not a stored image type: ${image.mimeType}`);
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  try {
    await storageIo.writeFile(path.join(uploadDir, name), image.full);
    await storageIo.writeFile(path.join(uploadDir, thumbNameOf(name)), image.thumb);
  } catch (err) {
    await removeStoredFiles({ uploadDir }, [name]);
    throw err;
  }
  return name;
}

/**
 * The writes into the store, in one object so a test can make them fail as a full disk does where
 * it can't mount a small file system.
 */
export const storageIo = {
  writeFile: (file: string, data: Buffer) => fs.writeFile(file, data, { flag: 'wx' }),
};

/** Deletes stored files (and their thumbnails) by name; names that are not stored names are ignored, missing files are fine. */
export async function removeStoredFiles(config: { uploadDir: string }, filenames: readonly string[]): Promise<void> {
  await Promise.all(
    filenames
      .filter((f) => STORED_NAME.test(f))
      .flatMap((f) => [f, thumbNameOf(f)])
      .map((f) => fs.rm(path.join(config.uploadDir, f), { force: true }).catch(() => undefined)),
  );
}

/** The stored files (temp folders and anything not named like a stored file left out). */
export async function listStoredFiles(uploadDir: string): Promise<StoredFile[]> {
  const names = (await fs.readdir(uploadDir).catch(() => [] as string[])).filter((n) => STORED_NAME.test(n));
  const files = await Promise.all(
    names.map(async (name) => {
      const stat = await fs.stat(path.join(uploadDir, name)).catch(() => null);
      return stat?.isFile() ? { name, modifiedAt: stat.mtimeMs } : null;
    }),
  );
  return files.filter((f): f is StoredFile => f !== null);
}
