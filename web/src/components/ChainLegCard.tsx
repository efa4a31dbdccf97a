// A completed three-way chain on the Trades screen's Completed tab (docs/decisions/0025): the user's leg of it,
// what they gave to whom and what they got from whom, with Remove (from their own view). A chain
// counts as one trade for each of its members.
import { format } from 'date-fns';
import type { ChainItem } from '#protocol/shapes.ts';
import { chainLegText } from '../lib/chainText.ts';
import { fullName } from '../lib/format.ts';
import { memberIndex, nextMember, previousMember } from '../lib/chainMembers.ts';
import { CHAINS_TEXT } from '../texts/chains.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { ChainTrip } from './ChainCard.tsx';
import './chains.css';

export function ChainLegCard({ chain, myId, onRemove }: { chain: ChainItem; myId: number; onRemove: (chain: ChainItem) => void }) {
  const me = memberIndex(chain, myId);
  if (me === -1) return null;
  const next = nextMember(chain, me);
  const previous = previousMember(chain, me);
  const done = new Date(chain.updatedAt);
  return (
    <article
      className="request-card offer-card chain-leg-card"
      aria-label={`Three-way trade with ${fullName(next?.user)} and ${fullName(previous?.user)}`}
    >
      <header className="request-card-header">
        <span className="badge badge-match">{CHAINS_TEXT.chainBadge}</span>
        <span className="badge badge-completed">{CHAINS_TEXT.chainCompletedOn}</span>
      </header>
      <p className="offer-card-summary">{chainLegText(chain, myId)}</p>
      <dl className="chain-trips">
        <ChainTrip label={`${CHAINS_TEXT.chainLegGave} ${fullName(next?.user)}`} request={chain.members[me]?.request} />
        <ChainTrip label={`${CHAINS_TEXT.chainLegGot} ${fullName(previous?.user)}`} request={previous?.request} />
      </dl>
      {!Number.isNaN(done.getTime()) && (
        <p className="muted chain-leg-date">
          {CHAINS_TEXT.chainCompletedOn} {format(done, "MMM d, yyyy 'at' h:mm a")}
        </p>
      )}
      <div className="request-card-actions">
        <button type="button" className="button button-danger-outline button-sm" onClick={() => onRemove(chain)}>
          {COMMON_TEXT.remove}
        </button>
      </div>
    </article>
  );
}
