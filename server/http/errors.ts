import { MSG } from '#protocol/messages.ts';

/** The one error type the HTTP layer understands: a status, a stable code and the user-facing text. */
export class AppError extends Error {
  /** Seconds to wait before trying again, sent as Retry-After (a 429 of a rate limit). */
  retryAfterS?: number;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const invalid = (message: string, field?: string) => new AppError(400, 'invalid', message, field);
export const unauthorized = (message: string = MSG.notSignedIn) => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'forbidden', message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, 'not_found', message);
export const conflict = (message: string, field?: string) => new AppError(409, 'conflict', message, field);
export const payloadTooLarge = (message: string) => new AppError(413, 'too_large', message);
export const tooManyRequests = (message: string = MSG.tooManyRequests, retryAfterS?: number) => {
  const err = new AppError(429, 'rate_limited', message);
  if (retryAfterS !== undefined) err.retryAfterS = retryAfterS;
  return err;
};
/** The database (or another service we need) is down or not answering: retry shortly. */
export const serviceUnavailable = (message: string = MSG.serviceUnavailable) => new AppError(503, 'unavailable', message);
