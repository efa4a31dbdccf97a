// The signed-in home (docs/product-spec.md section 2): welcome line, actions, stat cards, active requests,
// recent matches, recent messages and the base chat card.
import { useEffect, useMemo, useState } from 'react';
import { AppLink } from '../app/AppLink.tsx';
import { DASHBOARD_RECENT } from '#protocol/limits.ts';
import type { MatchItem, TradeRequestItem } from '#protocol/shapes.ts';
import { BaseChatCard } from '../components/BaseChatCard.tsx';
import { PlusIcon } from '../components/Icons.tsx';
import { lastMessagePreview } from '../components/messaging/pieces.tsx';
import { LazyRequestModal } from '../components/LazyRequestModal.tsx';
import { OwnRequestActions } from '../components/OwnRequestActions.tsx';
import { RuleBadge } from '../components/RuleBadge.tsx';
import { ResponsiveTable, type Column } from '../components/ResponsiveTable.tsx';
import { RouteValue, TypeBadge } from '../components/RequestCard.tsx';
import { formatDate, fullName, newestFirst } from '../lib/format.ts';
import { byDate } from '../lib/requestOrder.ts';
import { useBadgeStore } from '../stores/useBadgeStore.ts';
import { useMatchesStore } from '../stores/useMatchesStore.ts';
import { useMessagesStore } from '../stores/useMessagesStore.ts';
import { useMyRequestsStore } from '../stores/useMyRequestsStore.ts';
import { useSentOffers } from '../stores/useOffersStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { DASHBOARD_TEXT, completedSplitText } from '../texts/dashboard.ts';

type ModalState = { mode: 'create' } | { mode: 'edit'; request: TradeRequestItem } | null;

/** A count and, where the number alone could be misread, a line saying what it counts (docs/decisions/0025). */
function StatCard({ label, value, to, note }: { label: string; value: number; to: string; note?: string }) {
  return (
    <AppLink to={to} className="stat-card">
      <span className="stat-label">{label}</span>
      <span className="stat-value">{value}</span>
      {note && <span className="stat-note">{note}</span>}
    </AppLink>
  );
}

function sidesOf(match: MatchItem, myId: number): { mine: TradeRequestItem; theirs: TradeRequestItem } {
  const mineIsRequest = match.request?.user?.id === myId || match.request?.userId === myId;
  return mineIsRequest ? { mine: match.request, theirs: match.matchedRequest } : { mine: match.matchedRequest, theirs: match.request };
}

/** One side of a recent match: its type, date and route, so two matches with one person differ. */
function MatchSideLine({ label, request }: { label: string; request: TradeRequestItem | undefined }) {
  if (!request) return null;
  return (
    <span className="compact-meta">
      <span className="compact-side">{label}</span>
      <TypeBadge type={request.type} />
      <span>{formatDate(request.date)}</span>
      <RouteValue request={request} />
    </span>
  );
}

const REQUEST_COLUMNS: Column<TradeRequestItem>[] = [
  { key: 'type', header: 'Type', cell: (r) => <TypeBadge type={r.type} /> },
  { key: 'date', header: 'Date', cell: (r) => formatDate(r.date) },
  // The spec's "pairing" column also holds reserve periods: the header names both, the cell its kind.
  { key: 'route', header: 'Pairing / Reserve', cell: (r) => <RouteValue request={r} /> },
  {
    key: 'status',
    header: 'Status',
    cell: (r) => (
      <span className="request-card-types">
        <span className="badge badge-status">Active</span>
        <RuleBadge request={r} />
      </span>
    ),
  },
];

/**
 * "Welcome back" is for someone who has been here before; on the day the account was made the
 * greeting is "Welcome" (the account's age is the one signal every client has at once).
 */
function greeting(createdAt: string | undefined): string {
  const age = createdAt ? Date.now() - Date.parse(createdAt) : Infinity;
  return age < NEW_ACCOUNT_MS ? DASHBOARD_TEXT.welcome : DASHBOARD_TEXT.welcomeBack;
}

const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** The matches the dashboard counts and lists: open (pending or active) and completed, never closed. */
const LISTED_MATCH: ReadonlySet<MatchItem['status']> = new Set(['pending', 'active', 'approved']);

export default function Dashboard() {
  const user = useSessionStore((s) => s.user);
  const stats = useBadgeStore((s) => s.stats);
  const requests = useMyRequestsStore((s) => s.items);
  const requestsLoaded = useMyRequestsStore((s) => s.loaded);
  const matches = useMatchesStore((s) => s.items);
  const matchesLoaded = useMatchesStore((s) => s.loaded);
  // Offers the user sent that await an answer (GET /api/sent-trade-requests; kept live by the socket).
  const sentPending = useSentOffers((s) => s.items.length);
  const conversations = useMessagesStore((s) => s.conversations);
  const messagesLoaded = useMessagesStore((s) => s.loaded);
  const [modal, setModal] = useState<ModalState>(null);

  useEffect(() => {
    void useMyRequestsStore.getState().fetch();
    void useMatchesStore.getState().fetch();
    void useSentOffers.getState().fetch();
    void useMessagesStore.getState().fetchConversations();
  }, []);

  const active = useMemo(() => requests.filter((r) => r.status === 'active').sort(byDate), [requests]);
  // The live matches /matches lists, open and completed (trade_requested ones are hidden there, and
  // one the system closed is no match any more, docs/decisions/0042): the Matches card counts these,
  // and says how many are new, so it and Recent Matches never disagree (docs/decisions/0025).
  const listedMatches = useMemo(() => matches.filter((m) => LISTED_MATCH.has(m.status)).sort(newestFirst), [matches]);
  const recentMatches = listedMatches.slice(0, DASHBOARD_RECENT);

  // Recent Messages: the newest conversations whose last message came from the other person.
  const recentMessages = useMemo(
    () => conversations.filter((c) => c.lastMessage.fromUserId === c.user.id).slice(0, DASHBOARD_RECENT),
    [conversations],
  );

  if (!user) return null;

  return (
    <div className="page-inner">
      <div className="page-header">
        <div>
          <h1>{user.firstName ? `${greeting(user.createdAt)}, ${user.firstName}!` : `${greeting(user.createdAt)}!`}</h1>
          <p className="page-subtitle">Here is what is happening with your trips.</p>
        </div>
        <div className="page-actions">
          <button type="button" className="button button-primary" onClick={() => setModal({ mode: 'create' })}>
            <PlusIcon />
            New Trade Request
          </button>
          <AppLink to="/all-trades" className="button button-outline">
            Tradeboard
          </AppLink>
          <AppLink to="/calendar" className="button button-outline">
            My Month
          </AppLink>
        </div>
      </div>

      <section className="stat-grid" aria-label="Summary">
        <StatCard
          label="Matches"
          value={matchesLoaded ? listedMatches.length : (stats?.pendingMatches ?? 0)}
          note={DASHBOARD_TEXT.newMatchesNote(stats?.pendingMatches ?? 0)}
          to="/matches"
        />
        <StatCard label="Trade Requests" value={stats?.pendingTrades ?? 0} to="/trades?tab=requests" />
        <StatCard label="Pending Trades" value={sentPending} to="/trades?tab=pending" />
        <StatCard
          label="Completed Trades"
          value={stats?.acceptedTrades ?? 0}
          note={completedSplitText(stats ?? { acceptedTrades: 0, declinedTrades: 0 })}
          to="/trades?tab=approved"
        />
      </section>

      <section className="card" aria-labelledby="active-requests-heading">
        <div className="card-header">
          <h2 id="active-requests-heading" className="card-title">
            My Active Requests
          </h2>
        </div>
        {!requestsLoaded ? (
          <p className="muted list-slot" role="status">
            {COMMON_TEXT.loading}
          </p>
        ) : active.length === 0 ? (
          <p className="empty-text list-slot">{DASHBOARD_TEXT.noActiveRequests}</p>
        ) : (
          <ResponsiveTable
            label="My Active Requests"
            rows={active}
            rowKey={(r) => r.id}
            columns={REQUEST_COLUMNS}
            actions={(r) => <OwnRequestActions request={r} onEdit={(request) => setModal({ mode: 'edit', request })} />}
          />
        )}
      </section>

      <div className="dashboard-grid">
        <section className="card" aria-labelledby="recent-matches-heading">
          <div className="card-header">
            <h2 id="recent-matches-heading" className="card-title">
              Recent Matches
            </h2>
            <AppLink to="/matches" className="text-link">
              View All Matches
            </AppLink>
          </div>
          {!matchesLoaded ? (
            <p className="muted list-slot" role="status">
              {COMMON_TEXT.loading}
            </p>
          ) : recentMatches.length === 0 ? (
            <p className="empty-text list-slot">No matches yet</p>
          ) : (
            <ul className="compact-list">
              {recentMatches.map((m) => {
                const { mine, theirs } = sidesOf(m, user.id);
                return (
                  <li key={m.id}>
                    <AppLink to="/matches" className="compact-item">
                      <span className="compact-title">{fullName(theirs?.user)}</span>
                      <MatchSideLine label="Theirs" request={theirs} />
                      <MatchSideLine label="Yours" request={mine} />
                    </AppLink>
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        <section className="card" aria-labelledby="recent-messages-heading">
          <div className="card-header">
            <h2 id="recent-messages-heading" className="card-title">
              Recent Messages
            </h2>
            <AppLink to="/messages" className="text-link">
              View All Messages
            </AppLink>
          </div>
          {!messagesLoaded ? (
            <p className="muted list-slot" role="status">
              {COMMON_TEXT.loading}
            </p>
          ) : recentMessages.length === 0 ? (
            <p className="empty-text list-slot">{DASHBOARD_TEXT.noMessages}</p>
          ) : (
            <ul className="compact-list">
              {recentMessages.map((c) => (
                <li key={c.user.id}>
                  <AppLink to={`/messages?user=${c.user.id}`} className="compact-item">
                    <span className="compact-title">
                      {fullName(c.user)}
                      {c.unreadCount > 0 && <span className="visually-hidden"> ({c.unreadCount} unread)</span>}
                    </span>
                    <span className="recent-message-preview">{lastMessagePreview(c, user.id)}</span>
                  </AppLink>
                </li>
              ))}
            </ul>
          )}
        </section>

        <BaseChatCard />
      </div>

      {modal && <LazyRequestModal request={modal.mode === 'edit' ? modal.request : undefined} onClose={() => setModal(null)} />}
    </div>
  );
}
