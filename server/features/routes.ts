import type Router from '@koa/router';
import type { Deps } from '../deps.ts';
import type { AppState } from '../http/context.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { baseChatRoutes } from './base-chat/base-chat.routes.ts';
import { boardRoutes } from './board/board.routes.ts';
import { chainsRoutes } from './chains/chains.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { matchesRoutes } from './matches/matches.routes.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { offersRoutes } from './offers/offers.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { requestsRoutes } from './requests/requests.routes.ts';
import { supportRoutes } from './support/support.routes.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { insightsRoutes } from './admin/insights.routes.ts';
import { calendarRoutes } from './calendar/calendar.routes.ts';
import { pushRoutes } from './push/push.routes.ts';
import { rosterRoutes } from './roster/roster.routes.ts';
import { rosterRulesRoutes } from './roster/roster-rules.routes.ts';
import { scheduleRoutes } from './schedule/schedule.routes.ts';
import { uploadsRoutes } from './uploads/uploads.routes.ts';

/** Every router of the app, in one list; app.ts mounts them in this order. A new feature adds its own here. */
export function featureRoutes(deps: Deps): Router<AppState>[] {
  return [
    authRoutes(deps),
    profileRoutes(deps),
    requestsRoutes(deps),
    boardRoutes(deps),
    matchesRoutes(deps),
    chainsRoutes(deps),
    notificationsRoutes(deps),
    offersRoutes(deps),
    dashboardRoutes(),
    scheduleRoutes(deps),
    uploadsRoutes(deps),
    messagesRoutes(deps),
    baseChatRoutes(deps),
    supportRoutes(deps),
    adminRoutes(deps),
    insightsRoutes(deps),
    calendarRoutes(deps),
    pushRoutes(deps),
    rosterRoutes(deps),
    rosterRulesRoutes(deps),
  ];
}
