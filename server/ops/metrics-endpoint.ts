import type { Next } from 'koa';
import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../http/context.ts';
// A type only: prom-client itself (metrics.ts) loads only where METRICS_TOKEN asks for it.
import type { Metrics } from './metrics.ts';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics for Prometheus, only with `Authorization: Bearer <METRICS_TOKEN>`: the series name
 * routes and counts that are nobody else's business. Without a token configured it does not exist
 * (404, as any unknown path); with a wrong or missing token, 401.
 */
export function metricsEndpoint(metrics: Metrics | undefined, token: string | undefined) {
  return async (ctx: AppContext, next: Next) => {
    if (ctx.path !== '/metrics') return next();
    ctx.set('Cache-Control', 'no-store');
    if (!metrics || !token) {
      // Not the web app's page either, which any other unknown path gets.
      ctx.status = 404;
      ctx.body = { message: 'Not found' };
      return;
    }
    const given = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1];
    if (!given || !sameToken(given, token)) {
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      ctx.status = 401;
      ctx.body = { message: 'A valid metrics token is required.' };
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
}
