import type Router from '@koa/router';
import type { Deps } from '../deps.ts';
import type { AppState } from '../http/context.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { matchesRoutes } from './matches/matches.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { requestsRoutes } from './requests/requests.routes.ts';
import { uploadsRoutes } from './uploads/uploads.routes.ts';

/** The feature routers beyond accounts; each feature adds its own here. */
export function featureRoutes(deps: Deps): Router<AppState>[] {
  return [requestsRoutes(deps), matchesRoutes(deps), notificationsRoutes(deps), dashboardRoutes(), uploadsRoutes(deps)];
}
