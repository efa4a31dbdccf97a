// /all-trades: requests of the user's group, own first (Edit, Delete), then other crew's (Request
// Trade), kept live by the board store.
import { useEffect, useId, useMemo, useState } from 'react';
import { MSG } from '#protocol/messages.ts';
import type { RequestType } from '#protocol/enums.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { FilterIcon, PlusIcon } from '../components/Icons.tsx';
import { RequestCard } from '../components/RequestCard.tsx';
import { RosterConflictLine } from '../components/roster/RosterConflictLine.tsx';
import { LazyOfferDialog } from '../components/LazyOfferDialog.tsx';
import { LazyRequestModal } from '../components/LazyRequestModal.tsx';
import type { OfferTarget } from '../components/OfferDialog.tsx';
import { OwnRequestActions } from '../components/OwnRequestActions.tsx';
import { SelectField, TextField } from '../components/Field.tsx';
import { fullName, positionPhrase } from '../lib/format.ts';
import { byDate } from '../lib/requestActions.ts';
import { useBoardStore } from '../stores/useBoardStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { TEXT } from '../texts.ts';

interface Filters {
  date: string;
  type: RequestType | 'all';
  search: string;
}

const NO_FILTERS: Filters = { date: '', type: 'all', search: '' };

function matchesFilters(request: TradeRequestItem, filters: Filters): boolean {
  if (filters.type !== 'all' && request.type !== filters.type) return false;
  if (filters.date && request.date !== filters.date && !(request.additionalDates ?? []).includes(filters.date)) return false;
  const term = filters.search.trim().toLowerCase();
  if (term) {
    const haystack = `${request.route ?? ''} ${request.reservePeriod ?? ''}`.toLowerCase();
    if (!haystack.includes(term)) return false;
  }
  return true;
}

type ModalState = { mode: 'create' } | { mode: 'edit'; request: TradeRequestItem } | null;

export default function Tradeboard() {
  const user = useSessionStore((s) => s.user);
  const items = useBoardStore((s) => s.items);
  const loaded = useBoardStore((s) => s.loaded);
  const failed = useBoardStore((s) => s.error);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [showFilters, setShowFilters] = useState(false);
  const [modal, setModal] = useState<ModalState>(null);
  const [offerTarget, setOfferTarget] = useState<OfferTarget | null>(null);
  const panelId = useId();

  useEffect(() => {
    void useBoardStore.getState().fetch();
  }, []);

  const myId = user?.id;
  const { mine, others } = useMemo(() => {
    const sorted = items.filter((r) => r.status === 'active').sort(byDate);
    return {
      mine: sorted.filter((r) => (r.user?.id ?? r.userId) === myId),
      others: sorted.filter((r) => (r.user?.id ?? r.userId) !== myId),
    };
  }, [items, myId]);
  const mineShown = useMemo(() => mine.filter((r) => matchesFilters(r, filters)), [mine, filters]);
  const othersShown = useMemo(() => others.filter((r) => matchesFilters(r, filters)), [others, filters]);
  const filtering = filters.date !== '' || filters.type !== 'all' || filters.search.trim() !== '';

  // Nothing on the board at all, or nothing left once the filters apply (own requests included:
  // when the filters hide those too, the filters are what the user needs to hear about).
  const filteredAway = filtering && (others.length > 0 || (mine.length > 0 && mineShown.length === 0));
  const emptyText = others.length + mine.length > 0 && filteredAway ? MSG.emptyFiltered : MSG.emptyBoard;

  if (!user) return null;
  const positionLabel = positionPhrase(user.position);

  return (
    <div className="page-inner">
      <div className="page-header">
        <div>
          <h1>Tradeboard</h1>
          <p className="page-subtitle">{`Browse requests from ${user.airline ?? ''} ${positionLabel}s`}</p>
          <p className="page-note">{TEXT.matchingRule}</p>
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
                onChange={(e) => setFilters((f) => ({ ...f, type: e.target.value as Filters['type'] }))}
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
          {TEXT.loading}
        </p>
      ) : (
        <>
          {mineShown.length > 0 && (
            <section className="board-section" aria-labelledby="my-requests-heading">
              <h2 id="my-requests-heading" className="section-title">
                My Trade Requests
              </h2>
              <div className="card-grid">
                {mineShown.map((r) => (
                  <RequestCard
                    key={r.id}
                    request={r}
                    showOwner={false}
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
            ) : othersShown.length === 0 ? (
              <div className="card empty-state">
                <p>{emptyText}</p>
              </div>
            ) : (
              <div className="card-grid">
                {othersShown.map((r) => (
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
                        {TEXT.requestTrade}
                      </button>
                    }
                  />
                ))}
              </div>
            )}
          </section>
        </>
      )}

      {modal && <LazyRequestModal request={modal.mode === 'edit' ? modal.request : undefined} onClose={() => setModal(null)} />}
      <LazyOfferDialog target={offerTarget} onClose={() => setOfferTarget(null)} />
    </div>
  );
}
