// One three-way trade chain on /matches: the three crew in cycle order (each gives their request to
// the next and gets the previous one's), each with their answer, the user marked "You", the chain's
// status, and Accept / Decline while the chain waits for the user's answer. The screen passes the
// answer handlers (toasts and the confirm dialog live there).
import { format } from 'date-fns';
import { useId } from 'react';
import { useConfirmAction, type ConfirmedAction } from '../hooks/useConfirmAction.ts';
import { AppLink } from '../app/AppLink.tsx';
import type { ChainDecision, ChainStatus } from '#protocol/enums.ts';
import type { ChainItem, ChainMember, TradeRequestItem } from '#protocol/shapes.ts';
import { chainTitle, joinNames, requestDates } from '../lib/chainText.ts';
import { fullName, initials, tripDaysText } from '../lib/format.ts';
import { memberIndex, nextMember, previousMember } from '../lib/chainMembers.ts';
import { awaitsAnswer } from '../stores/useChainsStore.ts';
import { CHAINS_TEXT } from '../texts/chains.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { RouteValue } from './RequestCard.tsx';
import './chains.css';
import { Ident } from './Ident.tsx';

const STATUS_LABELS: Record<ChainStatus, string> = {
  proposed: 'Proposed',
  completed: 'Completed',
  declined: 'Declined',
  cancelled: 'Cancelled',
};
const STATUS_BADGES: Record<ChainStatus, string> = {
  proposed: 'badge-pending',
  completed: 'badge-completed',
  declined: 'badge-chain-declined',
  cancelled: 'badge-chain-cancelled',
};
const DECISION_LABELS: Record<ChainDecision, string> = { pending: 'Waiting', accepted: 'Accepted', declined: 'Declined' };
const DECISION_BADGES: Record<ChainDecision, string> = {
  pending: 'badge-chain-waiting',
  accepted: 'badge-completed',
  declined: 'badge-chain-declined',
};

/** "MMM d, yyyy" of a timestamp, in the reader's time zone. */
function proposedOn(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d, yyyy');
}

/** A member's name as the user reads it in someone else's line: "you" for themselves. */
const nameFor = (member: ChainMember | undefined, myId: number) => (member?.user.id === myId ? 'you' : fullName(member?.user));

/** One member's trip in a chain: pairing and dates, with its trip days where `withTripDays`. */
export function ChainTrip({
  label,
  request,
  withTripDays = false,
}: {
  label: string;
  request: TradeRequestItem | null | undefined;
  withTripDays?: boolean;
}) {
  return (
    <div className="chain-trip">
      <dt>{label}</dt>
      <dd>
        {request ? (
          <>
            <RouteValue request={request} />
            <span className="chain-trip-dates">
              {requestDates(request)}
              {withTripDays && ` · ${tripDaysText(request.tripDays)}`}
            </span>
          </>
        ) : (
          <span className="muted">{CHAINS_TEXT.chainRequestGone}</span>
        )}
      </dd>
    </div>
  );
}

function MemberRow({ chain, index, myId }: { chain: ChainItem; index: number; myId: number }) {
  const member = chain.members[index]!;
  const isMe = member.user.id === myId;
  const name = fullName(member.user);
  // Once the chain has ended nobody is waited for: an answer never given is just that.
  const ended = chain.status !== 'proposed';
  return (
    <li className={`chain-member${isMe ? ' is-me' : ''}`}>
      <div className="chain-member-head">
        <span className="chain-avatar" aria-hidden="true">
          {initials(member.user)}
        </span>
        <div className="chain-member-who">
          <span className="chain-member-name">
            <span className="chain-member-fullname">
              {isMe ? (
                name
              ) : (
                <AppLink to={`/profile/${member.user.id}?from=matches`} className="text-link">
                  {name}
                </AppLink>
              )}
            </span>
            {isMe && <span className="badge badge-status">{CHAINS_TEXT.chainYou}</span>}
          </span>
          {member.user.employeeNumber && (
            <span className="chain-member-employee">
              <Ident prefix="#" value={member.user.employeeNumber} />
            </span>
          )}
        </div>
        <span className={`badge chain-decision ${DECISION_BADGES[member.decision]}`}>
          {ended && member.decision === 'pending' ? CHAINS_TEXT.chainNoAnswer : DECISION_LABELS[member.decision]}
        </span>
      </div>
      <dl className="chain-trips">
        <ChainTrip withTripDays label={`${CHAINS_TEXT.chainGivesTo} ${nameFor(nextMember(chain, index), myId)}`} request={member.request} />
        <ChainTrip
          withTripDays
          label={`${CHAINS_TEXT.chainGetsFrom} ${nameFor(previousMember(chain, index), myId)}`}
          request={previousMember(chain, index)?.request}
        />
      </dl>
    </li>
  );
}

/** One line under the members: what the chain waits for, or how it ended. */
function statusText(chain: ChainItem, myId: number): string {
  const names = (decision: ChainDecision) =>
    joinNames(chain.members.filter((m) => m.decision === decision).map((m) => (m.user.id === myId ? 'You' : fullName(m.user))));
  switch (chain.status) {
    case 'completed':
      return CHAINS_TEXT.chainDoneText;
    case 'declined':
      return CHAINS_TEXT.chainDeclinedBy.replace('{names}', names('declined') || 'A crew member');
    case 'cancelled':
      return CHAINS_TEXT.chainCancelledText;
    default:
      if (awaitsAnswer(chain, myId)) return CHAINS_TEXT.chainYourAnswer;
      return CHAINS_TEXT.chainWaitingFor.replace('{names}', names('pending'));
  }
}

interface ChainCardProps {
  chain: ChainItem;
  myId: number;
  /** What Accept, Decline and Dismiss do (asked first where they ask: hooks/useConfirmAction.ts). */
  accept: (chain: ChainItem) => ConfirmedAction;
  decline: (chain: ChainItem) => ConfirmedAction;
  /** An ended chain leaves the user's /matches (it also leaves by itself 7 days after it ended). */
  dismiss?: (chain: ChainItem) => ConfirmedAction;
}

export function ChainCard({ chain, myId, accept, decline, dismiss }: ChainCardProps) {
  const titleId = useId();
  const noteId = useId();
  // One answer at a time: a second click while the first is under way would only fail.
  const { busy, run } = useConfirmAction();
  const canAnswer = awaitsAnswer(chain, myId);
  const mine = memberIndex(chain, myId);
  const cycle = chain.members.map((m) => m.user.firstName?.trim() || fullName(m.user));

  return (
    <article className={`chain-card chain-card-${chain.status}`} aria-labelledby={titleId}>
      <header className="chain-card-header">
        <div className="chain-card-badges">
          <span className="badge badge-match">{CHAINS_TEXT.chainBadge}</span>
          <span className={`badge chain-status ${STATUS_BADGES[chain.status]}`}>{STATUS_LABELS[chain.status]}</span>
        </div>
        <h3 id={titleId} className="chain-card-title">
          {chainTitle(chain, mine === -1 ? undefined : myId)}
        </h3>
        <p className="chain-card-meta">
          <span className="visually-hidden">Trips go from </span>
          <span aria-hidden="true">{[...cycle, cycle[0]].join(' → ')}</span>
          <span className="visually-hidden">{cycle.map((from, i) => `${from} to ${cycle[(i + 1) % cycle.length]}`).join(', ')}.</span>
          <span className="chain-card-date"> · Proposed {proposedOn(chain.createdAt)}</span>
        </p>
      </header>
      <ol className="chain-members" aria-label="Crew in this chain">
        {chain.members.map((m, i) => (
          <MemberRow key={m.user.id} chain={chain} index={i} myId={myId} />
        ))}
      </ol>
      <footer className="chain-card-footer">
        <p id={noteId} className="chain-card-note">
          {statusText(chain, myId)}
        </p>
        {canAnswer && (
          <div className="row-actions">
            <button
              type="button"
              className="button button-primary button-sm"
              disabled={busy}
              aria-describedby={noteId}
              onClick={() => void run(accept(chain))}
            >
              {COMMON_TEXT.accept}
            </button>
            <button
              type="button"
              className="button button-danger-outline button-sm"
              disabled={busy}
              aria-describedby={noteId}
              onClick={() => void run(decline(chain))}
            >
              {COMMON_TEXT.decline}
            </button>
          </div>
        )}
        {chain.status !== 'proposed' && dismiss && (
          <button type="button" className="button button-outline button-sm" disabled={busy} onClick={() => void run(dismiss(chain))}>
            {CHAINS_TEXT.dismiss}
          </button>
        )}
      </footer>
    </article>
  );
}
