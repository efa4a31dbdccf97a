import type Router from '@koa/router';
import type { Middleware, Next } from 'koa';
import compose from 'koa-compose';
import type { AppContext, AppState } from './context.ts';

/** "/api/all-trades/12" → "/api/all-trades"; "/signup" → "/signup/". Routes match case-insensitively, as @koa/router's do. */
const prefixOf = (path: string) => {
  const [, first = '', second = ''] = path.toLowerCase().split('/', 3);
  return `/${first}/${second}`;
};

/** A route whose second segment is a parameter ("/uploads/:filename") is under its first alone. */
const keyOf = (routePath: string) => (/^\/[^/:]*\/:/.test(routePath) ? `/${routePath.split('/')[1]!.toLowerCase()}` : prefixOf(routePath));

/**
 * Hands a request to the feature routers that have a route under its first two path segments
 * ("/api/all-trades"), in the routers' own order, each with its allowed-methods answer, as if every
 * router had been mounted in turn. @koa/router tests each of a router's routes against the path (a
 * regular expression and a debug call with its arguments apiece): a board read tested about 40 routes
 * and a roster read 80, about a tenth of a cached board read's CPU at saturation.
 */
export function routeByPrefix(routers: readonly Router<AppState>[]): Middleware<AppState> {
  const keysOf = (router: Router<AppState>) =>
    new Set(router.stack.map((layer) => (typeof layer.path === 'string' ? keyOf(layer.path) : '*')));
  const keyed = routers.map((router) => ({ router, keys: keysOf(router) }));
  if (keyed.some(({ keys }) => keys.has('*'))) throw new Error('routeByPrefix: a route given as a regular expression has no prefix');
  const prefixes = new Set(keyed.flatMap(({ keys }) => [...keys]));
  const chains = new Map<string, Middleware<AppState>>();
  for (const prefix of prefixes) {
    // A "/a/b" request also reaches the routers with a parameter right after "/a".
    const first = `/${prefix.split('/')[1]}`;
    const serving = keyed.filter(({ keys }) => keys.has(prefix) || keys.has(first)).map(({ router }) => router);
    chains.set(prefix, compose(serving.flatMap((r) => [r.routes(), r.allowedMethods()])) as Middleware<AppState>);
  }
  return (ctx: AppContext, next: Next) => {
    const prefix = prefixOf(ctx.path);
    const chain = chains.get(prefix) ?? chains.get(`/${prefix.split('/')[1]}`);
    return chain ? chain(ctx, next) : next();
  };
}
