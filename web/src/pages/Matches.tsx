// /matches: the user's three-way trade chains, then their matches, live through the chains store
// ('chain:update') and the matches store ('match:new', 'match:update'). A chain waiting for the
// user's answer offers Accept and Decline (after a confirmation). A pending or active match offers
// Request Trade (the dialog sends the offer on the other side's request, then moves the match to
// trade_requested, which hides it); an approved one shows Trade Completed and may be removed. One
// the system closed (a request of it filled, changed or deleted: docs/decisions/0042) says so in a
// quiet Closed badge with the reader's sentence of why, offers nothing to act on but Delete, and
// sorts after the others.
import { useEffect, useMemo, useState } from 'react';
import { AppLink } from '../app/AppLink.tsx';
import { CHAINS_MSG } from '#protocol/messages/chains.ts';
import { OFFERS_MSG } from '#protocol/messages/offers.ts';
import { REQUESTS_MSG } from '#protocol/messages/requests.ts';
import type { ChainItem, MatchItem, TradeRequestItem } from '#protocol/shapes.ts';
import { serverMessage } from '../api/client.ts';
import { ChainCard } from '../components/ChainCard.tsx';
import { LazyOfferDialog } from '../components/LazyOfferDialog.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import type { OfferTarget } from '../components/OfferDialog.tsx';
import { TypeBadge } from '../components/RequestCard.tsx';
import { routeText } from '../lib/format.ts';
import { rosterQuestion } from '../components/roster/rosterQuestion.tsx';
import { RosterConflictLine } from '../components/roster/RosterConflictLine.tsx';
import { tripToTake } from '#protocol/roster-rules.ts';
import type { RosterInfo } from '#protocol/roster.ts';
import { conflictOf, useRosterStore } from '../stores/useRosterStore.ts';
import { formatDate, fullName, tripDaysText, newestFirst } from '../lib/format.ts';
import { useChainsStore } from '../stores/useChainsStore.ts';
import { confirmThenAct, type ConfirmedAction } from '../hooks/useConfirmAction.ts';
import { useMatchesStore } from '../stores/useMatchesStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import type { ToastInput } from '../stores/useToastStore.ts';
import { CHAINS_TEXT } from '../texts/chains.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { closeOf, matchClosedSentence } from '../lib/matchClose.ts';
import { MATCHES_TEXT } from '../texts/matches.ts';
import { Ident } from '../components/Ident.tsx';

function RequestSummary({ title, request }: { title: string; request: TradeRequestItem | undefined }) {
  if (!request) return null;
  const isReserve = request.routeType === 'reserve_period';
  return (
    <div className="match-side">
      <h3 className="match-side-title">{title}</h3>
      <div className="match-side-line">
        <TypeBadge type={request.type} />
        <span>{formatDate(request.date)}</span>
      </div>
      <dl className="details details-stacked">
        <div className="detail">
          <dt>{isReserve ? 'Reserve Period' : 'Pairing'}</dt>
          <dd>{routeText(request) || '—'}</dd>
        </div>
        <div className="detail">
          <dt>Trip Days</dt>
          <dd>{tripDaysText(request.tripDays)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** Removes a completed or a closed match (after a confirmation). */
function deleteMatch(match: MatchItem): ConfirmedAction {
  const closed = match.status === 'closed';
  return {
    ask: {
      title: closed ? MATCHES_TEXT.deleteClosedTitle : MATCHES_TEXT.deleteMatchTitle,
      description: closed ? MATCHES_TEXT.deleteClosedConfirm : MATCHES_TEXT.deleteMatchConfirm,
      confirmLabel: COMMON_TEXT.remove,
      destructive: true,
    },
    act: async () => {
      await useMatchesStore.getState().delete(match.id);
      return { title: closed ? MATCHES_TEXT.closedRemoved : OFFERS_MSG.tradeRemovedTitle };
    },
    failed: (err) => ({
      title: OFFERS_MSG.tradeRemoveFailedTitle,
      description: serverMessage(err) ?? OFFERS_MSG.tradeRemoveFailed,
      variant: 'destructive',
    }),
  };
}

function chainAnswerFailed(err: unknown): ToastInput {
  const description = serverMessage(err) ?? (err instanceof Error ? err.message : undefined);
  return { title: CHAINS_MSG.chainAnswerFailed, description, variant: 'destructive' };
}

/** The request a member of a chain gets: the one of the member before them in the cycle. */
function receivedIn(chain: ChainItem, myId: number): TradeRequestItem | null {
  const mine = chain.members.findIndex((m) => m.user.id === myId);
  if (mine === -1) return null;
  return chain.members[(mine + chain.members.length - 1) % chain.members.length]?.request ?? null;
}

// A chain card's answers (ChainCard runs them: hooks/useConfirmAction.ts).
function acceptChain(chain: ChainItem): ConfirmedAction {
  return {
    ask: () => {
      const myId = useSessionStore.getState().user?.id ?? 0;
      const gets = receivedIn(chain, myId);
      return rosterQuestion(gets ? { date: gets.date, days: gets.tripDays ?? 1 } : null);
    },
    act: async () => {
      const answered = await useChainsStore.getState().accept(chain.id);
      return { title: answered.status === 'completed' ? CHAINS_MSG.chainCompleted : CHAINS_MSG.chainAccepted };
    },
    failed: chainAnswerFailed,
  };
}

function declineChain(chain: ChainItem): ConfirmedAction {
  return {
    ask: {
      title: CHAINS_TEXT.declineChainTitle,
      description: CHAINS_TEXT.declineChainConfirm,
      confirmLabel: COMMON_TEXT.decline,
      destructive: true,
    },
    act: async () => {
      await useChainsStore.getState().decline(chain.id);
      return { title: CHAINS_MSG.chainDeclined };
    },
    failed: chainAnswerFailed,
  };
}

function dismissChain(chain: ChainItem): ConfirmedAction {
  return {
    act: async () => {
      await useChainsStore.getState().dismiss(chain.id);
      return { title: CHAINS_MSG.chainDismissed };
    },
    failed: (err) => ({ title: CHAINS_MSG.chainDismissFailed, description: serverMessage(err) ?? undefined, variant: 'destructive' }),
  };
}

function ChainsSection({ chains, myId }: { chains: ChainItem[]; myId: number }) {
  return (
    <section className="chain-section" aria-labelledby="chains-heading">
      <div className="chain-section-header">
        <h2 id="chains-heading">{CHAINS_MSG.chainsHeading}</h2>
        <p className="muted">
          {CHAINS_TEXT.chainsIntro} {CHAINS_TEXT.chainsEndedNote}
        </p>
      </div>
      <div className="chain-list">
        {chains.map((c) => (
          <ChainCard key={c.id} chain={c} myId={myId} accept={acceptChain} decline={declineChain} dismiss={dismissChain} />
        ))}
      </div>
    </section>
  );
}

function MatchCard({ match, myId, onRequestTrade }: { match: MatchItem; myId: number; onRequestTrade: (target: OfferTarget) => void }) {
  const mineIsRequest = match.request?.user?.id === myId || match.request?.userId === myId;
  const mine = mineIsRequest ? match.request : match.matchedRequest;
  const theirs = mineIsRequest ? match.matchedRequest : match.request;
  const other = theirs?.user;
  const approved = match.status === 'approved';
  const closed = match.status === 'closed';
  const open = match.status === 'pending' || match.status === 'active';
  const close = closed ? closeOf(match) : null;
  const why = close ? matchClosedSentence(match, close, myId) : null;
  return (
    <article
      className={`match-card${closed ? ' match-card-closed' : ''}`}
      aria-label={`${closed ? 'Closed match' : 'Match'} with ${fullName(other)}${theirs ? `, ${formatDate(theirs.date)}` : ''}`}
    >
      <header className="match-card-header">
        {closed ? (
          <span className="badge badge-closed">{MATCHES_TEXT.closed}</span>
        ) : (
          <span className={`badge ${match.status === 'pending' ? 'badge-pending' : 'badge-match'}`}>
            {match.status === 'pending' ? MATCHES_TEXT.pendingMatch : MATCHES_TEXT.tradeMatch}
          </span>
        )}
        {approved && <span className="badge badge-completed">{MATCHES_TEXT.tradeCompleted}</span>}
      </header>
      {why && <p className="closed-reason">{why}</p>}
      <div className="match-sides">
        <RequestSummary title="Your Request" request={mine} />
        <RequestSummary title="Their Request" request={theirs} />
      </div>
      {open && theirs && <RosterConflictLine request={theirs} />}
      <footer className="match-card-footer">
        <div className="match-crew">
          {other ? (
            <AppLink to={`/profile/${other.id}?from=matches`} className="text-link match-crew-name">
              {fullName(other)}
            </AppLink>
          ) : (
            <span className="match-crew-name">{fullName(other)}</span>
          )}
          {other?.employeeNumber && (
            <span className="muted">
              {' '}
              · <Ident prefix="#" value={other.employeeNumber} />
            </span>
          )}
        </div>
        <div className="row-actions">
          {other && (
            <AppLink to={`/profile/${other.id}?from=matches`} className="button button-outline button-sm">
              View Profile
            </AppLink>
          )}
          {open && theirs && other && (
            <button
              type="button"
              className="button button-primary button-sm"
              onClick={() => onRequestTrade({ toUserId: other.id, toUserName: fullName(other), request: theirs, matchId: match.id })}
            >
              {COMMON_TEXT.requestTrade}
            </button>
          )}
          {(approved || closed) && (
            <button
              type="button"
              className="button button-danger-outline button-sm"
              onClick={() => void confirmThenAct(deleteMatch(match))}
            >
              Delete
            </button>
          )}
        </div>
      </footer>
    </article>
  );
}

/** 1 for an open match whose trip clashes with the roster, else 0 (sorted descending: clashes last). */
function matchClash(roster: RosterInfo | null, match: MatchItem, myId: number): number {
  if (match.status !== 'pending' && match.status !== 'active') return 1;
  const theirs = match.request?.userId === myId || match.request?.user?.id === myId ? match.matchedRequest : match.request;
  return theirs && conflictOf(roster, tripToTake(theirs)) ? 0 : 1;
}

function chainClash(roster: RosterInfo | null, chain: ChainItem, myId: number): number {
  const gets = receivedIn(chain, myId);
  return gets && conflictOf(roster, tripToTake({ ...gets, type: 'trade' })) ? 0 : 1;
}

export default function Matches() {
  const user = useSessionStore((s) => s.user);
  const items = useMatchesStore((s) => s.items);
  const matchesLoaded = useMatchesStore((s) => s.loaded);
  const next = useMatchesStore((s) => s.next);
  const loadingMore = useMatchesStore((s) => s.loadingMore);
  const chainItems = useChainsStore((s) => s.items);
  const chainsLoaded = useChainsStore((s) => s.loaded);
  const [offerTarget, setOfferTarget] = useState<OfferTarget | null>(null);

  useEffect(() => {
    void useMatchesStore.getState().fetch();
    void useChainsStore.getState().fetch();
  }, []);

  const roster = useRosterStore((s) => s.info);
  useEffect(() => {
    void useRosterStore.getState().ensure();
  }, []);
  const myId = user?.id ?? 0;
  // Open ones without a roster conflict first (docs/decisions/0023), closed ones last, each list newest first.
  const visible = useMemo(
    () =>
      items
        .filter((m) => m.status !== 'trade_requested')
        .sort(
          (a, b) =>
            Number(a.status === 'closed') - Number(b.status === 'closed') ||
            matchClash(roster, b, myId) - matchClash(roster, a, myId) ||
            newestFirst(a, b),
        ),
    [items, roster, myId],
  );
  // Open chains first (they wait for answers), conflict-free ones ahead, then the newest ended ones.
  const chains = useMemo(
    () =>
      [...chainItems].sort(
        (a, b) =>
          Number(b.status === 'proposed') - Number(a.status === 'proposed') ||
          chainClash(roster, b, myId) - chainClash(roster, a, myId) ||
          newestFirst(a, b),
      ),
    [chainItems, roster, myId],
  );
  // Either list failing to load leaves the other to show (a failed one counts as empty).
  const loaded = matchesLoaded && chainsLoaded;

  if (!user) return null;

  return (
    <div className="page-inner">
      <div className="page-header">
        <div>
          <h1>Matches</h1>
          <p className="page-subtitle">Requests from crew that line up with yours</p>
        </div>
      </div>
      {!loaded ? (
        <p className="muted" role="status">
          {COMMON_TEXT.loading}
        </p>
      ) : visible.length === 0 && chains.length === 0 ? (
        <div className="card empty-state">
          <h2>{REQUESTS_MSG.noMatches}</h2>
          <p>When another crew member posts a request that lines up with one of yours, it shows up here.</p>
          {/* The spec points this button at /requests, which is no route; the tradeboard is where requests are made. */}
          <AppLink to="/all-trades" className="button button-primary">
            {MATCHES_TEXT.createARequest}
          </AppLink>
        </div>
      ) : (
        <>
          {chains.length > 0 && <ChainsSection chains={chains} myId={user.id} />}
          {visible.length > 0 && (
            <section className="matches-section" aria-labelledby={chains.length > 0 ? 'direct-matches-heading' : undefined}>
              {chains.length > 0 && <h2 id="direct-matches-heading">{MATCHES_TEXT.directMatches}</h2>}
              <div className="match-grid">
                {visible.map((m) => (
                  <MatchCard key={m.id} match={m} myId={user.id} onRequestTrade={setOfferTarget} />
                ))}
              </div>
            </section>
          )}
        </>
      )}
      {loaded && (
        <LoadMore
          next={next}
          loading={loadingMore}
          onMore={() =>
            void useMatchesStore
              .getState()
              .loadMore()
              .catch(() => undefined)
          }
        />
      )}
      <LazyOfferDialog target={offerTarget} onClose={() => setOfferTarget(null)} />
    </div>
  );
}
