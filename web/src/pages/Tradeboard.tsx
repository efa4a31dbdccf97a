// /all-trades: requests of the user's group, own first (Edit, Delete), then other crew's (Request
// Trade), kept live by the board store. The board comes a page at a time by date, filtered by the
// server; the next page loads as the crew member scrolls to the end (docs/decisions/0020).
import { useEffect, useId, useMemo, useState } from 'react';
import { BOARD_MSG } from '#protocol/messages/board.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { FilterIcon, PlusIcon } from '../components/Icons.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { RequestCard } from '../components/RequestCard.tsx';
import { RosterConflictLine } from '../components/roster/RosterConflictLine.tsx';
import { LazyOfferDialog } from '../components/LazyOfferDialog.tsx';
import { LazyRequestModal } from '../components/LazyRequestModal.tsx';
import type { OfferTarget } from '../components/OfferDialog.tsx';
import { OwnRequestActions } from '../components/OwnRequestActions.tsx';
import { RuleBadge } from '../components/RuleBadge.tsx';
import { SelectField, TextField } from '../components/Field.tsx';
import { fullName, positionPhrase } from '../lib/format.ts';
import { isFiltering, NO_FILTERS, type BoardFilters } from '../lib/boardFilters.ts';
import { byDate } from '../lib/requestOrder.ts';
import { useBoardStore } from '../stores/useBoardStore.ts';
import { ensureMyRequests } from '../stores/useMyRequestsStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { REQUESTS_TEXT } from '../texts/requests.ts';

/** Typing in the search box asks the server once the typing pauses. */
const SEARCH_PAUSE_MS = 300;

type ModalState = { mode: 'create' } | { mode: 'edit'; request: TradeRequestItem } | null;

export default function Tradeboard() {
  const user = useSessionStore((s) => s.user);
  const items = useBoardStore((s) => s.items);
  const loaded = useBoardStore((s) => s.loaded);
  const failed = useBoardStore((s) => s.error);
  const next = useBoardStore((s) => s.next);
  const loadingMore = useBoardStore((s) => s.loadingMore);
  const applied = useBoardStore((s) => s.filters);
  // What the panel shows: the store's filters, the search text ahead of them while typing pauses.
  const [filters, setFilters] = useState<BoardFilters>(applied);
  const [showFilters, setShowFilters] = useState(isFiltering(applied));
  const [modal, setModal] = useState<ModalState>(null);
  const [offerTarget, setOfferTarget] = useState<OfferTarget | null>(null);
  const panelId = useId();

  useEffect(() => {
    void useBoardStore.getState().fetch();
    // The board's copies leave the owner's standing rule out: their own list, read once, says it (RuleBadge, the edit form).
    void ensureMyRequests();
  }, []);

  // The server filters every page: a change reads the board again (the search once typing pauses).
  useEffect(() => {
    const same = filters.date === applied.date && filters.type === applied.type && filters.search.trim() === applied.search.trim();
    if (same) return;
    const searchOnly = filters.date === applied.date && filters.type === applied.type;
    const timer = setTimeout(() => void useBoardStore.getState().setFilters(filters), searchOnly ? SEARCH_PAUSE_MS : 0);
    return () => clearTimeout(timer);
  }, [filters, applied]);

  const myId = user?.id;
  const { mine, others } = useMemo(() => {
    const sorted = items.filter((r) => r.status === 'active').sort(byDate);
    return {
      mine: sorted.filter((r) => (r.user?.id ?? r.userId) === myId),
      others: sorted.filter((r) => (r.user?.id ?? r.userId) !== myId),
    };
  }, [items, myId]);
  // The pages hold only what the filters let through (the server's rule, applied again to live changes).
  const filtering = isFiltering(applied);
  // Nothing on the board, or nothing the filters let through: then the filters are what the user
  // needs to hear about.
  const emptyText = filtering ? BOARD_MSG.emptyFiltered : BOARD_MSG.emptyBoard;

  if (!user) return null;
  const positionLabel = positionPhrase(user.position);

  return (
    <div className="page-inner">
      <div className="page-header">
        <div>
          <h1>Tradeboard</h1>
          <p className="page-subtitle">{`Browse requests from ${user.airline ?? ''} ${positionLabel}s`}</p>
          <p className="page-note">{REQUESTS_TEXT.matchingRule}</p>
        </div>
        <div className="page-actions">
          <button type="button" className="button button-primary" onClick={() => setModal({ mode: 'create' })}>
            <PlusIcon />
            New Trade Request
          </button>
        </div>
      </div>

      <section className="card filter-card">
        <button
          type="button"
          className="filter-toggle"
          aria-expanded={showFilters}
          aria-controls={panelId}
          onClick={() => setShowFilters((v) => !v)}
        >
          <FilterIcon />
          Filter Requests
          {filtering && <span className="badge badge-status">On</span>}
        </button>
        {showFilters && (
          <div id={panelId} className="filter-panel">
            <div className="filter-grid">
              <TextField
                label="Date"
                type="date"
                value={filters.date}
                onChange={(e) => setFilters((f) => ({ ...f, date: e.target.value }))}
              />
              <SelectField
                label="Request Type"
                value={filters.type}
                onChange={(e) => setFilters((f) => ({ ...f, type: e.target.value as BoardFilters['type'] }))}
              >
                <option value="all">All</option>
                <option value="drop">Drop</option>
                <option value="pickup">Pickup</option>
                <option value="trade">Trade</option>
              </SelectField>
              <TextField
                label="Search"
                type="search"
                placeholder="Pairing or reserve period"
                value={filters.search}
                onChange={(e) => setFilters((f) => ({ ...f, search: e.target.value }))}
              />
            </div>
            {filtering && (
              <button type="button" className="button button-ghost button-sm" onClick={() => setFilters(NO_FILTERS)}>
                Clear Filters
              </button>
            )}
          </div>
        )}
      </section>

      {!loaded ? (
        <p className="muted" role="status">
          {COMMON_TEXT.loading}
        </p>
      ) : (
        <>
          {mine.length > 0 && (
            <section className="board-section" aria-labelledby="my-requests-heading">
              <h2 id="my-requests-heading" className="section-title">
                My Trade Requests
              </h2>
              <div className="card-grid">
                {mine.map((r) => (
                  <RequestCard
                    key={r.id}
                    request={r}
                    showOwner={false}
                    badge={<RuleBadge request={r} />}
                    actions={<OwnRequestActions request={r} onEdit={(request) => setModal({ mode: 'edit', request })} />}
                  />
                ))}
              </div>
            </section>
          )}

          <section className="board-section" aria-labelledby="other-requests-heading">
            <h2 id="other-requests-heading" className="section-title">
              Other Crew Requests
            </h2>
            {failed && items.length === 0 ? (
              <div className="card empty-state">
                <p>Could not load the tradeboard.</p>
                <button type="button" className="button button-outline" onClick={() => void useBoardStore.getState().fetch()}>
                  Try Again
                </button>
              </div>
            ) : others.length === 0 ? (
              <div className="card empty-state">
                <p>{emptyText}</p>
              </div>
            ) : (
              <div className="card-grid" aria-busy={loadingMore}>
                {others.map((r) => (
                  <RequestCard
                    key={r.id}
                    request={r}
                    note={<RosterConflictLine request={r} />}
                    actions={
                      <button
                        type="button"
                        className="button button-primary button-sm"
                        onClick={() => setOfferTarget({ toUserId: r.user?.id ?? r.userId, toUserName: fullName(r.user), request: r })}
                      >
                        {COMMON_TEXT.requestTrade}
                      </button>
                    }
                  />
                ))}
              </div>
            )}
            <LoadMore
              next={next}
              loading={loadingMore}
              auto
              label={REQUESTS_TEXT.loadMoreRequests}
              onMore={() =>
                void useBoardStore
                  .getState()
                  .loadMore()
                  .catch(() => undefined)
              }
            />
          </section>
        </>
      )}

      {modal && <LazyRequestModal request={modal.mode === 'edit' ? modal.request : undefined} onClose={() => setModal(null)} />}
      <LazyOfferDialog target={offerTarget} onClose={() => setOfferTarget(null)} />
    </div>
  );
}
