import type { Context, Next } from 'koa';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../http/context.ts';
import type { Logger } from '../lib/logger.ts';
import { requestContext } from '../lib/request-context.ts';
import type { Metrics } from './metrics.ts';

/**
 * An incoming X-Request-Id is kept when it looks like one (nginx's $request_id is 32 hex digits; a
 * UUID passes too); only a trusted proxy's reaches here (http/trusted-proxy.ts).
 */
const VALID_REQUEST_ID = /^[\w.:@-]{8,128}$/;
const OWN_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The route a request matched, as its pattern ("/api/messages/:userId"), never its path: a path can
 * carry a secret (the calendar feed's token), and a metric label per path would grow without bound.
 */
export function routeOf(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (matched !== undefined) return String(matched);
  if (OWN_PATHS.has(ctx.path)) return ctx.path;
  return ctx.path.startsWith('/api/') ? 'unmatched' : 'static';
}

interface Outcome {
  route: string;
  userId: number | undefined;
}

/**
 * The first middleware: gives the request its id (the X-Request-Id of the answer), runs the rest
 * inside it so every log line written meanwhile names it (lib/logger.ts), writes one access-log
 * line when the response ends (method, route, status, duration, request id, user id; never headers,
 * cookies, the query or bodies), and times it for /metrics.
 */
export function requestTelemetry(log: Logger, metrics: Metrics | undefined) {
  return (ctx: AppContext, next: Next) => {
    const incoming = ctx.req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.res.setHeader('X-Request-Id', requestId);
    const started = performance.now();
    // Filled once the app is done with the request, before the body is sent.
    let outcome: Outcome | undefined;
    // 'close' comes once the answer is sent, or when the client hung up before it was.
    ctx.res.once('close', () => {
      const route = outcome?.route ?? routeOf(ctx);
      const status = ctx.res.statusCode;
      const elapsedMs = performance.now() - started;
      metrics?.observeRequest(ctx.method, route, status, elapsedMs / 1000);
      // The balancer's and Prometheus' polls would drown the requests of people.
      const level = OWN_PATHS.has(route) ? 'debug' : status >= 500 ? 'warn' : 'info';
      if (!log.isLevelEnabled(level)) return;
      // Named fields only: the raw request and response hold cookies and tokens.
      log[level](
        {
          reqId: requestId,
          method: ctx.method,
          route,
          status,
          durationMs: Math.round(elapsedMs),
          ...(outcome?.userId !== undefined ? { userId: outcome.userId } : {}),
          ...(ctx.res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
    return requestContext.run({ requestId }, async () => {
      try {
        await next();
      } finally {
        outcome = { route: routeOf(ctx), userId: ctx.state.user?.id };
      }
    });
  };
}
