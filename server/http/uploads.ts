import type { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { File } from 'formidable';
import { koaBody } from 'koa-body';
import type { Next } from 'koa';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES } from '#protocol/limits.ts';
import { MSG } from '#protocol/messages.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../lib/logger.ts';
import { unreferencedFiles } from '../storage/file-references.ts';
import { removeStoredFiles, storeImage, tempRoot, type StoredUpload } from '../storage/file-store.ts';
import type { PreparedImage } from '../storage/image-processing.ts';
import { outOfStorage, storageFailure, writingUploads } from '../storage/storage-errors.ts';
import type { AppContext } from './context.ts';
import { AppError, invalid, payloadTooLarge } from './errors.ts';
import { refuseNul } from './text-guard.ts';
import { poolEm } from '../db/pool-em.ts';

const NAME_EXTENSIONS = /\.(jpe?g|png|gif|webp|heic|heif)$/i;
const MAX_TOTAL_BYTES = MAX_IMAGES * MAX_IMAGE_BYTES;

// formidable's error codes (formidable/src/FormidableError.js) that are the client's fault.
const TOO_MANY_FILES = 1015;
const FILE_TOO_BIG = 1016;
const TOTAL_TOO_BIG = 1009;
const EMPTY_FILE = new Set([1008, 1010]);

const accepted = new Set<string>(IMAGE_MIME_TYPES);

/** The refusals a route words its own way (the schedule page has its own texts for both). */
export interface UploadTexts {
  notImage: string;
  tooMany: string;
}

const DEFAULT_TEXTS: UploadTexts = { notImage: MSG.onlyImages, tooMany: MSG.tooManyImages };

function refusal(err: unknown, texts: UploadTexts): Error {
  const storage = storageFailure(err);
  if (storage) return storage;
  const code = (err as { code?: number }).code;
  if (code === TOO_MANY_FILES) return invalid(texts.tooMany);
  if (code === FILE_TOO_BIG || code === TOTAL_TOO_BIG) return payloadTooLarge(MSG.imageTooLarge);
  if (code !== undefined && EMPTY_FILE.has(code)) return invalid(texts.notImage);
  const status = (err as { httpCode?: number }).httpCode;
  return new AppError(status && status >= 400 && status < 500 ? status : 400, 'bad_upload', 'The upload could not be read.');
}

/**
 * formidable counts what it handed to the disk, not what the disk took: on a full disk it drops
 * the write error and keeps the announced size. A part shorter on disk than received was cut.
 */
async function refuseShortWrites(files: readonly File[]): Promise<void> {
  for (const file of files) {
    const onDisk = await writingUploads(() => fs.stat(file.filepath));
    if (onDisk.size !== file.size) throw outOfStorage();
  }
}

/** A converted image (HEIC to JPEG) keeps its name with the extension of what it now is. */
function renamedFor(name: string, mimeType: string): string {
  if (mimeType !== 'image/jpeg' || !/\.(heic|heif)$/i.test(name)) return name;
  return name.replace(/\.(heic|heif)$/i, '.jpg');
}

const filesOf = (ctx: AppContext): File[] => Object.values(ctx.request.files ?? {}).flatMap((f) => (Array.isArray(f) ? f : [f]));

/** What the upload wrapper needs: where files go, and the database that says which rows committed. */
export interface UploadDeps {
  config: Pick<Config, 'uploadDir'>;
  orm: MikroORM;
  log: Logger;
}

/**
 * Multipart parsing for routes that take images (requests, offers, messages, chat, schedule).
 * Each request parses into its own temp folder under uploadDir/tmp (same file system, so accepted
 * files are renamed, not copied), and that folder is removed when the route ends, whatever happened.
 * JSON bodies pass through untouched: the app-wide parser already read them.
 */
export function imageUploads(deps: UploadDeps, fields: readonly string[], texts: UploadTexts = DEFAULT_TEXTS) {
  const { config } = deps;

  const parse = async (ctx: AppContext, next: Next) => {
    if (!ctx.is('multipart')) return next();
    const dir = path.join(tempRoot(config.uploadDir), randomBytes(12).toString('hex'));
    await writingUploads(async () => {
      // A missing upload folder (an unmounted volume) is not recreated here: that would fill the wrong disk.
      if (!(await fs.stat(config.uploadDir)).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
      await fs.mkdir(dir, { recursive: true });
    });
    let rejectedPart: Error | undefined;
    // formidable lists files in the order their writes finish; the sender's order is when each began.
    const sentOrder = new Map<File, number>();
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
            onFileBegin: (_name, file) => {
              sentOrder.set(file, sentOrder.size);
            },
            // Parts that can't be images never reach the disk; the request is refused after parsing.
            filter: (part) => {
              const name = part.name ?? '';
              const looksLikeImage = (part.mimetype ?? '').startsWith('image/') || NAME_EXTENSIONS.test(part.originalFilename ?? '');
              if (!fields.includes(name)) rejectedPart ??= invalid(`Unexpected file field "${name}"`);
              else if (!looksLikeImage) rejectedPart ??= invalid(texts.notImage);
              return !rejectedPart;
            },
          },
        })(ctx, async () => undefined);
      } catch (err) {
        // formidable may still be opening a file it was handed when it gave up; let it settle.
        await new Promise((r) => setTimeout(r, 10));
        throw refusal(err, texts);
      }
      if (rejectedPart) throw rejectedPart;
      await refuseShortWrites(filesOf(ctx));
      for (const [name, list] of Object.entries(ctx.request.files ?? {})) {
        if (Array.isArray(list)) ctx.request.files![name] = [...list].sort((a, b) => (sentOrder.get(a) ?? 0) - (sentOrder.get(b) ?? 0));
      }
      // The app-wide guard saw no body (multipart is parsed here): text fields and file names are checked now.
      refuseNul(ctx.request.body);
      refuseNul(filesOf(ctx).map((f) => f.originalFilename ?? ''));
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
    // The sniffer and the image codecs (sharp's libvips) are loaded on the first upload, not at
    // start: an instance holds them only once it has taken an image (docs/decisions/0034).
    const [{ fileTypeFromFile }, images] = await Promise.all([import('file-type'), import('../storage/image-processing.ts')]);
    const sniffed = await Promise.all(mine.map((f) => fileTypeFromFile(f.filepath)));
    if (sniffed.some((t) => !t || !accepted.has(t.mime))) throw invalid(texts.notImage);
    // Every image is decoded and re-encoded before any is stored: one that does not decode refuses them all.
    const prepared: PreparedImage[] = [];
    for (const [i, file] of mine.entries()) {
      const bytes = await writingUploads(() => fs.readFile(file.filepath));
      try {
        prepared.push(await images.prepareImage(bytes, sniffed[i]!.mime));
      } catch (err) {
        if (err instanceof images.UndecodableImage) throw invalid(texts.notImage);
        throw err;
      }
    }
    const stored: StoredUpload[] = [];
    try {
      for (const [i, file] of mine.entries()) {
        const image = prepared[i]!;
        const filename = await writingUploads(() => storeImage(config.uploadDir, image));
        const originalName = renamedFor(file.originalFilename ?? filename, image.mimeType).slice(0, 255);
        stored.push({ filename, originalName, mimeType: image.mimeType, size: image.full.length });
      }
    } catch (err) {
      // No row can name these yet: they go at once.
      await removeStoredFiles(
        config,
        stored.map((s) => s.filename),
      );
      throw err;
    }
    return stored;
  };

  /**
   * After a failed `work`, removes the files whose rows did not commit. A failure after the commit
   * (loading the answer, say) leaves rows that name the files, and those files stay. When the
   * database can't tell (it is down), the files stay too: the sweep removes them later if no row
   * names them (server/storage/upload-sweeper.ts).
   */
  const removeUncommitted = async (filenames: string[]) => {
    if (filenames.length === 0) return;
    try {
      const orphans = await unreferencedFiles(poolEm(deps.orm), deps.orm, filenames);
      await removeStoredFiles(config, orphans);
    } catch (err) {
      deps.log.warn({ err, files: filenames.length }, 'kept uploads of a failed request: the sweep decides');
    }
  };

  /** Runs `work` with the stored images; if it fails, files no committed row names are removed. */
  const withImages = async <T>(ctx: AppContext, field: string, work: (images: StoredUpload[]) => Promise<T>): Promise<T> => {
    const images = await accept(ctx, field);
    try {
      return await work(images);
    } catch (err) {
      await removeUncommitted(images.map((i) => i.filename));
      throw err;
    }
  };

  return { parse, accept, withImages, hasFiles: (ctx: AppContext) => filesOf(ctx).length > 0 };
}
