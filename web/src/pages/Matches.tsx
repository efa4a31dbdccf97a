// /matches: the user's three-way trade chains, then their matches, live through the chains store
// ('chain:update') and the matches store ('match:new', 'match:update'). A chain waiting for the
// user's answer offers Accept and Decline (after a confirmation). A pending or active match offers
// Request Trade (the dialog sends the offer on the other side's request, then moves the match to
// trade_requested, which hides it); an approved one shows Trade Completed and may be removed.
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '#protocol/messages.ts';
import type { ChainItem, MatchItem, TradeRequestItem } from '#protocol/shapes.ts';
import { serverMessage } from '../api/client.ts';
import { ChainCard } from '../components/ChainCard.tsx';
import { LazyOfferDialog } from '../components/LazyOfferDialog.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import type { OfferTarget } from '../components/OfferDialog.tsx';
import { routeText, TypeBadge } from '../components/RequestCard.tsx';
import { formatDate, fullName, tripDaysText, newestFirst } from '../lib/format.ts';
import { useChainsStore } from '../stores/useChainsStore.ts';
import { confirm } from '../stores/useConfirmStore.ts';
import { useMatchesStore } from '../stores/useMatchesStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { toast } from '../stores/useToastStore.ts';
import { TEXT } from '../texts.ts';

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

async function deleteMatch(id: number) {
  const ok = await confirm({
    title: TEXT.deleteMatchTitle,
    description: TEXT.deleteMatchConfirm,
    confirmLabel: TEXT.remove,
    destructive: true,
  });
  if (!ok) return;
  try {
    await useMatchesStore.getState().delete(id);
    toast({ title: MSG.tradeRemovedTitle });
  } catch (err) {
    toast({ title: MSG.tradeRemoveFailedTitle, description: serverMessage(err) ?? MSG.tradeRemoveFailed, variant: 'destructive' });
  }
}

function chainAnswerFailed(err: unknown) {
  const description = serverMessage(err) ?? (err instanceof Error ? err.message : undefined);
  toast({ title: MSG.chainAnswerFailed, description, variant: 'destructive' });
}

async function acceptChain(chain: ChainItem) {
  try {
    const answered = await useChainsStore.getState().accept(chain.id);
    toast({ title: answered.status === 'completed' ? MSG.chainCompleted : MSG.chainAccepted });
  } catch (err) {
    chainAnswerFailed(err);
  }
}

async function declineChain(chain: ChainItem) {
  const ok = await confirm({
    title: TEXT.declineChainTitle,
    description: TEXT.declineChainConfirm,
    confirmLabel: TEXT.decline,
    destructive: true,
  });
  if (!ok) return;
  try {
    await useChainsStore.getState().decline(chain.id);
    toast({ title: MSG.chainDeclined });
  } catch (err) {
    chainAnswerFailed(err);
  }
}

function ChainsSection({ chains, myId }: { chains: ChainItem[]; myId: number }) {
  return (
    <section className="chain-section" aria-labelledby="chains-heading">
      <div className="chain-section-header">
        <h2 id="chains-heading">{MSG.chainsHeading}</h2>
        <p className="muted">{TEXT.chainsIntro}</p>
      </div>
      <div className="chain-list">
        {chains.map((c) => (
          <ChainCard key={c.id} chain={c} myId={myId} onAccept={acceptChain} onDecline={declineChain} />
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
  const open = match.status === 'pending' || match.status === 'active';
  return (
    <article className="match-card" aria-label={`Match with ${fullName(other)}${theirs ? `, ${formatDate(theirs.date)}` : ''}`}>
      <header className="match-card-header">
        <span className={`badge ${match.status === 'pending' ? 'badge-pending' : 'badge-match'}`}>
          {match.status === 'pending' ? TEXT.pendingMatch : TEXT.tradeMatch}
        </span>
        {approved && <span className="badge badge-completed">{TEXT.tradeCompleted}</span>}
      </header>
      <div className="match-sides">
        <RequestSummary title="Your Request" request={mine} />
        <RequestSummary title="Their Request" request={theirs} />
      </div>
      <footer className="match-card-footer">
        <div className="match-crew">
          {other ? (
            <Link to={`/profile/${other.id}?from=matches`} className="text-link match-crew-name">
              {fullName(other)}
            </Link>
          ) : (
            <span className="match-crew-name">{fullName(other)}</span>
          )}
          {other?.employeeNumber && <span className="muted"> · #{other.employeeNumber}</span>}
        </div>
        <div className="row-actions">
          {other && (
            <Link to={`/profile/${other.id}?from=matches`} className="button button-outline button-sm">
              View Profile
            </Link>
          )}
          {open && theirs && other && (
            <button
              type="button"
              className="button button-primary button-sm"
              onClick={() => onRequestTrade({ toUserId: other.id, toUserName: fullName(other), request: theirs, matchId: match.id })}
            >
              {TEXT.requestTrade}
            </button>
          )}
          {approved && (
            <button type="button" className="button button-danger-outline button-sm" onClick={() => void deleteMatch(match.id)}>
              Delete
            </button>
          )}
        </div>
      </footer>
    </article>
  );
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

  const visible = useMemo(() => items.filter((m) => m.status !== 'trade_requested').sort(newestFirst), [items]);
  // Open chains first (they wait for answers), then the newest ended ones, as the server lists them.
  const chains = useMemo(
    () => [...chainItems].sort((a, b) => Number(b.status === 'proposed') - Number(a.status === 'proposed') || newestFirst(a, b)),
    [chainItems],
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
          {TEXT.loading}
        </p>
      ) : visible.length === 0 && chains.length === 0 ? (
        <div className="card empty-state">
          <h2>{MSG.noMatches}</h2>
          <p>When another crew member posts a request that lines up with one of yours, it shows up here.</p>
          {/* The spec points this button at /requests, which is no route; the tradeboard is where requests are made. */}
          <Link to="/all-trades" className="button button-primary">
            {TEXT.createARequest}
          </Link>
        </div>
      ) : (
        <>
          {chains.length > 0 && <ChainsSection chains={chains} myId={user.id} />}
          {visible.length > 0 && (
            <section className="matches-section" aria-labelledby={chains.length > 0 ? 'direct-matches-heading' : undefined}>
              {chains.length > 0 && <h2 id="direct-matches-heading">{TEXT.directMatches}</h2>}
              <div className="match-grid">
                {visible.map((m) => (
                  <MatchCard key={m.id} match={m} myId={user.id} onRequestTrade={setOfferTarget} />
                ))}
              </div>
            </section>
          )}
        </>
      )}
      {loaded && <LoadMore next={next} loading={loadingMore} onMore={() => void useMatchesStore.getState().loadMore().catch(() => undefined)} />}
      <LazyOfferDialog target={offerTarget} onClose={() => setOfferTarget(null)} />
    </div>
  );
}
