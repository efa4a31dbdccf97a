import type { renderTemplate } from './render.ts';

type Vars = Parameters<typeof renderTemplate>[1];

/**
 * The spec's variables a match mail names otherwise (protocol/templates.ts SPEC_TEMPLATE_VARIABLES:
 * every template the spec names accepts them all). Its builder (match-notification.ts) calls the
 * other party the matched user and the reader's request the user's; the spec's general names say
 * the same: the colleague (senderName, base, position, employeeNumber) and the reader's own trip
 * and day (route, date).
 */
const MATCH_ALIASES = {
  senderName: 'matchedUserName',
  base: 'matchedBase',
  position: 'matchedPosition',
  employeeNumber: 'matchedEmployeeNumber',
  route: 'userRoute',
  date: 'userDate',
} as const;

const ALIASES: Record<string, Record<string, string>> = { match_notification: MATCH_ALIASES };

/** A mail's variables with the spec's names its template's builder left out filled from its own. */
export function withSpecVariables(template: string, vars: Vars): Vars {
  const aliases = ALIASES[template];
  if (!aliases) return vars;
  const filled: Vars = { ...vars };
  for (const [name, from] of Object.entries(aliases)) if (!(name in filled)) filled[name] = vars[from];
  return filled;
}
