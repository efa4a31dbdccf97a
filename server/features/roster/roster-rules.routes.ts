import Router from '@koa/router';
import { AIRLINES, type Airline } from '#protocol/enums.ts';
import { DEFAULT_ROSTER_LIMITS, ROSTER_TEXT, type AirlineRosterRules } from '#protocol/roster.ts';
import { rosterLimitsSchema } from '#protocol/schemas/roster.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppState } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { parseBody } from '../../http/validate.ts';
import { requireAdmin } from '../user-kernel/require-admin.ts';
import { allRules, setRules } from './roster.queries.ts';

/** Administrator Settings: each airline's roster limits (days in a row, hours of rest). */
export function rosterRulesRoutes(deps: Deps) {
  const router = new Router<AppState>();

  router.get('/api/admin/roster-rules', async (ctx) => {
    requireAdmin(ctx, deps.config.ownerEmail);
    const set = new Map((await allRules(ctx.state.em)).map((r) => [r.airline, r]));
    answer(
      ctx,
      'GET /api/admin/roster-rules',
      AIRLINES.map((airline): AirlineRosterRules => ({
        airline,
        ...DEFAULT_ROSTER_LIMITS,
        kindPatterns: [],
        ...pick(set.get(airline)),
      })),
    );
  });

  router.put('/api/admin/roster-rules/:airline', async (ctx) => {
    requireAdmin(ctx, deps.config.ownerEmail);
    const airline = AIRLINES.find((a) => a === ctx.params.airline);
    if (!airline) throw notFound(ROSTER_TEXT.airlineUnknown);
    const { kindPatterns, ...limits } = parseBody(rosterLimitsSchema, ctx.request.body);
    await setRules(ctx.state.em, airline, limits, kindPatterns);
    const saved = set(await allRules(ctx.state.em), airline);
    answer(ctx, 'PUT /api/admin/roster-rules/:airline', {
      airline: airline as Airline,
      ...limits,
      kindPatterns: saved?.kindPatterns ?? [],
    });
  });

  return router;
}

const pick = (r: Omit<AirlineRosterRules, 'airline'> | undefined) =>
  r ? { maxConsecutiveDays: r.maxConsecutiveDays, minRestHours: r.minRestHours, kindPatterns: r.kindPatterns } : {};
const set = (rows: { airline: string; kindPatterns: AirlineRosterRules['kindPatterns'] }[], airline: string) =>
  rows.find((r) => r.airline === airline);
