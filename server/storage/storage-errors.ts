import { MSG } from '#protocol/messages.ts';
import { AppError, serviceUnavailable } from '../http/errors.ts';

/** The disk (or the quota) is full: nothing was stored, and trying again later may work. */
export const outOfStorage = () => new AppError(507, 'out_of_storage', MSG.outOfStorage);
/** The upload folder can't be written (read-only, missing, no permission): an operator must act. */
export const uploadsUnavailable = () => serviceUnavailable(MSG.uploadsUnavailable);

const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);
const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOENT', 'ENOTDIR', 'EIO']);

/**
 * The answer for a failed write in the upload folder, or null when `err` is not a file-system
 * failure (a bug, which stays a 500). Never the client's fault, so never a 4xx.
 */
export function storageFailure(err: unknown): AppError | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (FULL.has(code)) return outOfStorage();
  if (UNWRITABLE.has(code)) return uploadsUnavailable();
  return null;
}

/** Runs a write in the upload folder, turning a full or unwritable disk into its answer. */
export async function writingUploads<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw storageFailure(err) ?? err;
  }
}
