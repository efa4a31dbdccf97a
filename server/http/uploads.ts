import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { File } from 'formidable';
import { fileTypeFromFile } from 'file-type';
import { koaBody } from 'koa-body';
import type { Next } from 'koa';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES } from '../../protocol/limits.ts';
import { MSG } from '../../protocol/messages.ts';
import type { Config } from '../config.ts';
import type { AppContext } from './context.ts';
import { AppError, invalid, payloadTooLarge } from './errors.ts';

/** An image accepted and stored under config.uploadDir; the row of an *_images table is built from it. */
export interface StoredUpload {
  filename: string;
  originalName: string;
  mimeType: string;
  size: number;
}

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

const NAME_EXTENSIONS = /\.(jpe?g|png|gif|webp|heic|heif)$/i;
const MAX_TOTAL_BYTES = MAX_IMAGES * MAX_IMAGE_BYTES;

// formidable's error codes (formidable/src/FormidableError.js) that are the client's fault.
const TOO_MANY_FILES = 1015;
const FILE_TOO_BIG = 1016;
const TOTAL_TOO_BIG = 1009;
const EMPTY_FILE = new Set([1008, 1010]);

const accepted = new Set<string>(IMAGE_MIME_TYPES);

function refusal(err: unknown): Error {
  const code = (err as { code?: number }).code;
  if (code === TOO_MANY_FILES) return invalid(MSG.tooManyImages);
  if (code === FILE_TOO_BIG || code === TOTAL_TOO_BIG) return payloadTooLarge(MSG.imageTooLarge);
  if (code !== undefined && EMPTY_FILE.has(code)) return invalid(MSG.onlyImages);
  const status = (err as { httpCode?: number }).httpCode;
  return new AppError(status && status >= 400 && status < 500 ? status : 400, 'bad_upload', 'The upload could not be read.');
}

const filesOf = (ctx: AppContext): File[] => Object.values(ctx.request.files ?? {}).flatMap((f) => (Array.isArray(f) ? f : [f]));

/**
 * Multipart parsing for routes that take images (requests, offers, messages, chat, schedule).
 * Each request parses into its own temp folder under uploadDir/tmp (same file system, so accepted
 * files are renamed, not copied), and that folder is removed when the route ends, whatever happened.
 * JSON bodies pass through untouched: the app-wide parser already read them.
 */
export function imageUploads(config: Pick<Config, 'uploadDir'>, fields: readonly string[]) {
  const tmpRoot = path.join(config.uploadDir, 'tmp');

  const parse = async (ctx: AppContext, next: Next) => {
    if (!ctx.is('multipart')) return next();
    const dir = path.join(tmpRoot, randomBytes(12).toString('hex'));
    await fs.mkdir(dir, { recursive: true });
    let rejectedPart: Error | undefined;
    try {
      try {
        await koaBody({
          json: false,
          text: false,
          urlencoded: false,
          multipart: true,
          formidable: {
            uploadDir: dir,
            maxFiles: MAX_IMAGES,
            maxFileSize: MAX_IMAGE_BYTES,
            maxTotalFileSize: MAX_TOTAL_BYTES,
            maxFieldsSize: 1024 * 1024,
            // Parts that can't be images never reach the disk; the request is refused after parsing.
            filter: (part) => {
              const name = part.name ?? '';
              const looksLikeImage = (part.mimetype ?? '').startsWith('image/') || NAME_EXTENSIONS.test(part.originalFilename ?? '');
              if (!fields.includes(name)) rejectedPart ??= invalid(`Unexpected file field "${name}"`);
              else if (!looksLikeImage) rejectedPart ??= invalid(MSG.onlyImages);
              return !rejectedPart;
            },
          },
        })(ctx, async () => undefined);
      } catch (err) {
        // formidable may still be opening a file it was handed when it gave up; let it settle.
        await new Promise((r) => setTimeout(r, 10));
        throw refusal(err);
      }
      if (rejectedPart) throw rejectedPart;
      await next();
    } finally {
      await fs.rm(dir, { recursive: true, force: true, maxRetries: 3 });
    }
  };

  /**
   * Sniffs every parsed file of `field` and moves the accepted ones into uploadDir under random
   * names. Any refusal refuses them all: nothing is stored and the temp folder goes with the request.
   */
  const accept = async (ctx: AppContext, field: string): Promise<StoredUpload[]> => {
    // Only fields named in imageUploads() reach the disk (the filter refuses the rest).
    const mine = ([] as File[]).concat(ctx.request.files?.[field] ?? []);
    if (mine.length === 0) return [];
    const sniffed = await Promise.all(mine.map((f) => fileTypeFromFile(f.filepath)));
    if (sniffed.some((t) => !t || !accepted.has(t.mime))) throw invalid(MSG.onlyImages);
    const stored: StoredUpload[] = [];
    try {
      for (const [i, file] of mine.entries()) {
        const mimeType = sniffed[i]!.mime;
        const filename = `${randomBytes(16).toString('hex')}.${EXTENSION_BY_MIME[mimeType]}`;
        await fs.rename(file.filepath, path.join(config.uploadDir, filename));
        stored.push({ filename, originalName: (file.originalFilename ?? filename).slice(0, 255), mimeType, size: file.size });
      }
    } catch (err) {
      await removeStoredFiles(
        config,
        stored.map((s) => s.filename),
      );
      throw err;
    }
    return stored;
  };

  /** Runs `work` with the stored images; if it fails the files are removed again, so no orphan stays. */
  const withImages = async <T>(ctx: AppContext, field: string, work: (images: StoredUpload[]) => Promise<T>): Promise<T> => {
    const images = await accept(ctx, field);
    try {
      return await work(images);
    } catch (err) {
      await removeStoredFiles(
        config,
        images.map((i) => i.filename),
      );
      throw err;
    }
  };

  return { parse, accept, withImages, hasFiles: (ctx: AppContext) => filesOf(ctx).length > 0 };
}

/** Deletes stored files by name (after a commit that removed their rows); missing files are fine. */
export async function removeStoredFiles(config: Pick<Config, 'uploadDir'>, filenames: readonly string[]): Promise<void> {
  await Promise.all(
    filenames.filter((f) => STORED_NAME.test(f)).map((f) => fs.rm(path.join(config.uploadDir, f), { force: true }).catch(() => undefined)),
  );
}
