import type Router from '@koa/router';
import type { Deps } from '../deps.ts';
import type { AppState } from '../http/context.ts';

/** The feature routers beyond accounts; each feature adds its own here. */
export function featureRoutes(_deps: Deps): Router<AppState>[] {
  return [];
}
