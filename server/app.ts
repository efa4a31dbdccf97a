import Koa from 'koa';
import compress from 'koa-compress';
import { koaBody } from 'koa-body';
import type { Deps } from './deps.ts';
import { featureRoutes } from './features/routes.ts';
import { sessionCookieName } from './features/auth/session-cookie.ts';
import type { AppState } from './http/context.ts';
import { errorMiddleware } from './http/error-middleware.ts';
import { jsonBody } from './http/json-body.ts';
import { originCheck } from './http/origin-check.ts';
import { routeByPrefix } from './http/route-prefixes.ts';
import { securityHeaders } from './http/security-headers.ts';
import { sessionMiddleware } from './http/session-middleware.ts';
import { staticFiles } from './http/static-files.ts';
import { textGuard } from './http/text-guard.ts';
import type { Metrics } from './ops/metrics.ts';
import { metricsEndpoint } from './ops/metrics-endpoint.ts';
import { probes } from './ops/probes.ts';
import type { Readiness } from './ops/readiness.ts';
import { requestTelemetry } from './ops/request-telemetry.ts';
import { WEB_ROOT } from './runtime-paths.ts';

/** What operators read: readiness for the balancer, metrics for Prometheus (server/ops/). */
export interface OpsParts {
  readiness: Readiness;
  metrics: Metrics | undefined;
}

/** The middleware order, top to bottom, is the request's path through the app. */
export function createApp(deps: Deps, ops: OpsParts): Koa<AppState> {
  // maxIpsCount 1: only the address our load balancer wrote counts, so a client can't forge one.
  // Forwarded headers from peers that are not trusted proxies never get here (http/trusted-proxy.ts).
  const app = new Koa<AppState>({ proxy: deps.config.trustProxy, maxIpsCount: 1 });
  app.use(requestTelemetry(deps.log, ops.metrics));
  app.use(errorMiddleware(deps.log));
  app.use(securityHeaders);
  // Before the session and the body parser: probes and scrapes touch neither.
  app.use(probes(ops.readiness));
  app.use(metricsEndpoint(ops.metrics, deps.config.metricsToken));
  app.use(compress({ threshold: 1024 }));
  app.use(jsonBody);
  app.use(staticFiles(WEB_ROOT, sessionCookieName));
  app.use(originCheck(deps.config.appOrigin));
  // JSON only here; multipart is parsed per route (uploads), where its limits are known.
  app.use(koaBody({ jsonLimit: '100kb', text: false, urlencoded: false, multipart: false }));
  app.use(textGuard);
  app.use(sessionMiddleware(deps.orm, deps.sessions));
  // A client that hangs up mid-response is not a server error; anything else reaching here is logged.
  app.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
    deps.log.warn({ err }, 'response error');
  });
  app.use(routeByPrefix(featureRoutes(deps)));
  return app;
}
