// The small "Auto" badge on the owner's own request while its standing rule is on (docs/decisions/0045).
// Only the owner's copies carry the rule, never the board's: a card built from the board's copy looks
// it up in the owner's own list, which the screen showing it reads once as it opens (never a badge:
// a write's socket events would otherwise refetch a list). Never on others' requests (their copies say nothing).
import { RULE_TEXT } from '#protocol/standingRule.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { useMyRequestsStore } from '../stores/useMyRequestsStore.ts';

export function RuleBadge({ request }: { request: Pick<TradeRequestItem, 'id' | 'autoAccept'> }) {
  const held = useMyRequestsStore((s) => s.items.find((r) => r.id === request.id)?.autoAccept);
  if (!(held ?? request.autoAccept)) return null;
  return (
    <span className="badge badge-rule" title={RULE_TEXT.badgeTitle}>
      {RULE_TEXT.badge}
    </span>
  );
}
