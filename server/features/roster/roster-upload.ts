import { Writable } from 'node:stream';
import { koaBody } from 'koa-body';
import { ROSTER_MAX_BYTES, ROSTER_TEXT } from '#protocol/roster.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError, invalid, payloadTooLarge } from '../../http/errors.ts';

// formidable's error codes (formidable/src/FormidableError.js) that are the client's fault.
const TOO_MANY_FILES = 1015;
const FILE_TOO_BIG = 1016;
const TOTAL_TOO_BIG = 1009;
const FIELD = 'file';

/**
 * The roster file of a multipart POST (field `file`), read into memory: at most ROSTER_MAX_BYTES,
 * so it never touches the disk, and nothing of it outlives the request. Undefined when the form has
 * no such file.
 */
export async function readRosterFile(ctx: AppContext): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let seen = false;
  try {
    await koaBody({
      json: false,
      text: false,
      urlencoded: false,
      multipart: true,
      formidable: {
        maxFiles: 1,
        maxFileSize: ROSTER_MAX_BYTES,
        maxTotalFileSize: ROSTER_MAX_BYTES,
        maxFieldsSize: 64 * 1024,
        allowEmptyFiles: true,
        minFileSize: 0,
        filter: (part) => part.name === FIELD,
        fileWriteStreamHandler: () => {
          seen = true;
          return new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
          });
        },
      },
    })(ctx, async () => undefined);
  } catch (err) {
    const code = (err as { code?: number }).code;
    if (code === FILE_TOO_BIG || code === TOTAL_TOO_BIG) throw payloadTooLarge(ROSTER_TEXT.tooLarge);
    if (code === TOO_MANY_FILES) throw invalid(ROSTER_TEXT.fileOrUrl, FIELD);
    const status = (err as { httpCode?: number }).httpCode;
    throw new AppError(status && status >= 400 && status < 500 ? status : 400, 'bad_upload', 'The upload could not be read.');
  }
  // Bytes, not text: the reader finds the file's encoding (UTF-16, Latin-1) itself.
  return seen ? Buffer.concat(chunks) : undefined;
}
