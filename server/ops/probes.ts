import type { Next } from 'koa';
import type { AppContext } from '../http/context.ts';
import type { Readiness } from './readiness.ts';

/**
 * GET /healthz: the process runs and answers (liveness: a supervisor restarts an instance that
 * stops answering it; no dependency is asked, so an outage of PostgreSQL restarts nothing).
 * GET /readyz: this instance should be sent traffic (readiness.ts); 503 names what is not ready.
 */
export function probes(readiness: Readiness) {
  return async (ctx: AppContext, next: Next) => {
    if (ctx.path !== '/healthz' && ctx.path !== '/readyz') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' };
      return;
    }
    const report = await readiness.check();
    ctx.status = report.ready ? 200 : 503;
    ctx.body = { status: report.ready ? 'ready' : 'not ready', notReady: report.notReady, checks: report.checks };
  };
}
