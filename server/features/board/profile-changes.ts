import { groupKeyOf } from '../user-kernel/group.ts';
import { presentUserSummary } from '../user-kernel/user.presenter.ts';

type Shown = Parameters<typeof presentUserSummary>[0] & Parameters<typeof groupKeyOf>[0];

/**
 * The boards a profile change alters without a board event: each of the user's requests carries
 * their summary (name, employee number, airline, position, picture), and a new group moves the
 * requests from one board to another. Empty when nothing the boards show has changed.
 */
export function boardsChangedByProfile(before: Shown, after: Shown): string[] {
  const from = groupKeyOf(before);
  const to = groupKeyOf(after);
  const summaryChanged = JSON.stringify(presentUserSummary(before)) !== JSON.stringify(presentUserSummary(after));
  if (!summaryChanged && from === to) return [];
  return [...new Set([from, to])].filter((g): g is string => g !== null);
}
