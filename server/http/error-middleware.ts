import type { Context, Next } from 'koa';
import { randomUUID } from 'node:crypto';
import { isDatabaseUnavailable } from '../db/connection-failures.ts';
import { isForeignKeyViolation, isTransientConflict } from '../db/transient-conflicts.ts';
import { MSG } from '#protocol/messages.ts';
import type { Logger } from '../lib/logger.ts';
import { currentRequestId } from '../lib/request-context.ts';
import { routeOf } from '../ops/request-telemetry.ts';
import { AppError, conflict, serviceUnavailable } from './errors.ts';

/** Seconds a client is told to wait after a 503. */
const RETRY_AFTER_S = 5;

interface HttpishError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
  code?: string | number;
}

/**
 * Maps thrown errors to JSON {message}; an unavailable database is a 503 with Retry-After; anything
 * unexpected is a 500 whose body names the request id its log line carries.
 */
export function errorMiddleware(log: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
        ctx.status = 404;
        ctx.body = { message: 'Not found' };
      }
    } catch (thrown) {
      let err = thrown;
      // A database that is down, restarting or hung is not a bug: say so, and when to retry.
      if (isDatabaseUnavailable(err)) {
        log.warn({ err, method: ctx.method, route: routeOf(ctx) }, 'database unavailable');
        err = serviceUnavailable();
      }
      // Still deadlocked or unserialisable after the transaction's retries (events.transaction): busy, not broken.
      if (isTransientConflict(err)) {
        log.warn({ err, method: ctx.method, route: routeOf(ctx) }, 'transaction conflict after retries');
        err = serviceUnavailable();
      }
      // A user or request the write named was deleted while it ran.
      if (isForeignKeyViolation(err)) err = conflict(MSG.referenceGone);
      if (err instanceof AppError) {
        if (err.status === 503) ctx.set('Retry-After', String(RETRY_AFTER_S));
        if (err.retryAfterS !== undefined) ctx.set('Retry-After', String(err.retryAfterS));
        ctx.status = err.status;
        ctx.body = { message: err.message, code: err.code, ...(err.field ? { field: err.field } : {}) };
        return;
      }
      const e = err as HttpishError;
      const status = e.status ?? e.statusCode;
      // Errors raised by Koa and its body parser (bad JSON, too large) carry a 4xx and a safe message.
      if (status && status >= 400 && status < 500) {
        ctx.status = status;
        ctx.body = { message: e.expose !== false && e.message ? e.message : 'Bad request' };
        return;
      }
      // The X-Request-Id of the answer (ops/request-telemetry.ts), which the log line carries too.
      const requestId = currentRequestId() ?? randomUUID();
      log.error({ err, method: ctx.method, route: routeOf(ctx) }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { message: 'Something went wrong. Please try again.', requestId };
    }
  };
}
