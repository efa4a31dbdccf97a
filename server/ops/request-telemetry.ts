import type { Context, Next } from 'koa';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
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
  const outcomes = new WeakMap<IncomingMessage, Outcome>();
  const fields = (req: IncomingMessage, res: ServerResponse, responseTime: number) => {
    const outcome = outcomes.get(req);
    return {
      reqId: req.id,
      method: req.method,
      route: outcome?.route ?? 'static',
      status: res.statusCode,
      durationMs: responseTime,
      ...(outcome?.userId !== undefined ? { userId: outcome.userId } : {}),
      // The client hung up before the answer was complete.
      ...(res.writableFinished ? {} : { aborted: true }),
    };
  };
  const accessLog = pinoHttp({
    logger: log,
    genReqId(req, res) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // Nothing of the raw request or response is serialised: its headers hold cookies and tokens.
    wrapSerializers: false,
    serializers: { req: () => undefined, res: () => undefined },
    // The balancer's and Prometheus' polls would drown the requests of people.
    customLogLevel: (req, res) => (OWN_PATHS.has(outcomes.get(req)?.route ?? '') ? 'debug' : res.statusCode >= 500 ? 'warn' : 'info'),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request',
    customSuccessObject: (req, res, value: { responseTime: number }) => fields(req, res, value.responseTime),
    customErrorObject: (req, res, _err, value: { responseTime: number }) => fields(req, res, value.responseTime),
  });
  return (ctx: AppContext, next: Next) => {
    accessLog(ctx.req, ctx.res);
    const started = performance.now();
    if (metrics) {
      ctx.res.once('close', () => {
        const route = outcomes.get(ctx.req)?.route ?? routeOf(ctx);
        metrics.observeRequest(ctx.method, route, ctx.res.statusCode, (performance.now() - started) / 1000);
      });
    }
    return requestContext.run({ requestId: String(ctx.req.id) }, async () => {
      try {
        await next();
      } finally {
        // Known once the app is done with it, before the body is sent.
        outcomes.set(ctx.req, { route: routeOf(ctx), userId: ctx.state.user?.id });
      }
    });
  };
}
