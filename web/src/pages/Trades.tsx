// /trades: the Trades dashboard (docs/product-spec.md section 2). Three tabs: requests (offers received, pending),
// pending (offers sent, awaiting an answer) and approved, shown as Completed (accepted and declined,
// sent and received, and the user's completed three-way chains, docs/decisions/0025), under a line that says
// how many were accepted and how many declined. Offers the system closed (a request of them filled or
// deleted) are listed there too, Closed with the reader's sentence of why, and counted as neither
// (docs/decisions/0042). A message asking to trade (sent from a crew profile)
// offers Reply and Dismiss, never an Accept that would complete nothing. A received offer whose
// Accept would have the user fly a trip their roster clashes with says so on its card ("Conflicts
// with your ATL1234", from the roster loaded once) and asks again on Accept (docs/decisions/0023).
// A received offer on a request can also be countered: another trip instead, in the counter-offer
// dialog (docs/decisions/0045); the countered offer then shows in Completed, its counter in Pending.
// ?tab= preselects one and follows the choice. The lists stay live through the offers store ('offer:new', 'offer:update')
// and the chains ('chain:update'); opening the screen marks the trade-request notifications read
// (docs/product-spec.md section 7).
import { useEffect, useId, useMemo, useState } from 'react';
import { AppLink } from '../app/AppLink.tsx';
import { useSearchParams } from '../hooks/useSearchParams.ts';
import { OFFERS_MSG } from '#protocol/messages/offers.ts';
import { isMessageOffer, OFFER_TEXT } from '#protocol/offerText.ts';
import type { ChainItem, OfferItem } from '#protocol/shapes.ts';
import { ChainLegCard } from '../components/ChainLegCard.tsx';
import { LazyCounterOfferDialog } from '../components/LazyCounterOfferDialog.tsx';
import { OfferCard } from '../components/OfferCard.tsx';
import { rosterQuestion } from '../components/roster/rosterQuestion.tsx';
import { TripConflictLine } from '../components/roster/RosterConflictLine.tsx';
import { tripOfOffer } from '../components/roster/rosterTrips.ts';
import { newestFirst } from '../lib/format.ts';
import { TabBar, tabId } from '../components/TabBar.tsx';
import { confirmThenAct, useConfirmAction, type ConfirmedAction } from '../hooks/useConfirmAction.ts';
import { useBadgeStore } from '../stores/useBadgeStore.ts';
import { useCompletedChainsStore } from '../stores/useChainsStore.ts';
import { useMyRequestsStore } from '../stores/useMyRequestsStore.ts';
import { useNotificationStore } from '../stores/useNotificationStore.ts';
import { useFinishedOffers, useOffersStore, useReceivedOffers, useSentOffers } from '../stores/useOffersStore.ts';
import { LoadMore } from '../components/LoadMore.tsx';
import { countText } from '../lib/format.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { CHAINS_TEXT } from '../texts/chains.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { completedCountText } from '../texts/dashboard.ts';
import { TRADES_TEXT } from '../texts/trades.ts';

const TABS = ['requests', 'pending', 'approved'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  requests: TRADES_TEXT.tabRequests,
  pending: TRADES_TEXT.tabPending,
  approved: TRADES_TEXT.tabCompleted,
};
const EMPTY: Record<Tab, string> = {
  requests: OFFERS_MSG.noTradeRequests,
  pending: OFFERS_MSG.noPendingTradeRequests,
  approved: OFFERS_MSG.noCompletedTradeRequests,
};

const isTab = (value: string | null): value is Tab => (TABS as readonly string[]).includes(value ?? '');

/** One entry of the Completed tab: an answered offer, or a completed chain (the user's leg of it). */
type Finished = { kind: 'offer'; item: OfferItem; at: string } | { kind: 'chain'; item: ChainItem; at: string };

const answeredFirst = (a: Finished, b: Finished) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.item.id - a.item.id);

// What each button of an offer card does, asked first where it asks (OfferActions runs them:
// hooks/useConfirmAction.ts).
function respond(offer: OfferItem, status: 'accepted' | 'declined'): ConfirmedAction {
  return {
    ask: status === 'accepted' ? () => rosterQuestion(tripOfOffer(offer)) : undefined,
    act: async () => {
      await useOffersStore.getState().respond(offer.id, status);
      return { title: OFFERS_MSG.offerResponded };
    },
    failed: OFFERS_MSG.offerRespondFailed,
  };
}

/** A message asking to trade leaves the recipient's list (declined on the server); the sender hears it was dismissed. */
function dismissMessage(offer: OfferItem): ConfirmedAction {
  return {
    act: async () => {
      await useOffersStore.getState().respond(offer.id, 'declined');
      return { title: OFFER_TEXT.dismissed };
    },
    failed: OFFER_TEXT.dismissFailed,
  };
}

function removeChainTrade(chain: ChainItem): ConfirmedAction {
  return {
    ask: {
      title: TRADES_TEXT.removeTradeTitle,
      description: CHAINS_TEXT.removeChainTradeConfirm,
      confirmLabel: COMMON_TEXT.remove,
      destructive: true,
    },
    act: async () => {
      await useCompletedChainsStore.getState().hide(chain.id);
      return { title: OFFERS_MSG.completedTradeRemoved };
    },
    failed: OFFERS_MSG.completedTradeRemoveFailed,
  };
}

function cancelOffer(offer: OfferItem): ConfirmedAction {
  return {
    ask: {
      title: TRADES_TEXT.cancelOfferTitle,
      description: TRADES_TEXT.cancelOfferConfirm,
      confirmLabel: TRADES_TEXT.cancelOfferConfirmLabel,
      cancelLabel: TRADES_TEXT.keepOffer,
      destructive: true,
    },
    act: async () => {
      // The offer may have been accepted just before: the server then says the trade left the view.
      const outcome = await useOffersStore.getState().remove(offer.id);
      return { title: outcome === OFFERS_MSG.completedTradeRemoved ? OFFERS_MSG.completedTradeRemoved : OFFERS_MSG.offerCancelled };
    },
    failed: OFFERS_MSG.offerCancelFailed,
  };
}

/**
 * Removing a finished offer from one's own view. A declined one is "deleted" (its toasts say trade
 * request); an accepted one is a completed trade.
 */
function hideOffer(offer: OfferItem): ConfirmedAction {
  const accepted = offer.status === 'accepted';
  return {
    ask: {
      title: TRADES_TEXT.removeTradeTitle,
      description: TRADES_TEXT.removeTradeConfirm,
      confirmLabel: COMMON_TEXT.remove,
      destructive: true,
    },
    act: async () => {
      await useOffersStore.getState().remove(offer.id);
      return { title: accepted ? OFFERS_MSG.completedTradeRemoved : OFFERS_MSG.offerDeleted };
    },
    failed: accepted ? OFFERS_MSG.completedTradeRemoveFailed : OFFERS_MSG.offerDeleteFailed,
  };
}

/**
 * The user's own request on an accepted trade when it is still on the tradeboard (accepting
 * normally completes it): received, the request the offer answered; sent, the request it came from.
 */
function ownActiveRequest(offer: OfferItem, myId: number) {
  if (offer.status !== 'accepted') return null;
  const own = offer.toUserId === myId ? offer.request : offer.senderRequest;
  return own && own.status === 'active' && own.userId === myId ? own : null;
}

/** Deletes that request from the tradeboard and removes the completed trade from view. */
function removeRequestAndTrade(offer: OfferItem, requestId: number): ConfirmedAction {
  return {
    ask: {
      title: TRADES_TEXT.removeRequestAndTradeTitle,
      description: TRADES_TEXT.removeRequestAndTradeConfirm,
      confirmLabel: COMMON_TEXT.remove,
      destructive: true,
    },
    act: async () => {
      await useMyRequestsStore.getState().delete(requestId);
      await useOffersStore.getState().remove(offer.id);
      return { title: OFFERS_MSG.requestRemovedAndTradeDeleted };
    },
    failed: OFFERS_MSG.requestRemoveFailed,
  };
}

/** A received pending offer can be answered with a counter-offer (docs/decisions/0045) while its request stands. */
const canCounter = (offer: OfferItem) => offer.request !== null;

function OfferActions({ offer, myId, onCounter }: { offer: OfferItem; myId: number; onCounter?: (offer: OfferItem) => void }) {
  // One action at a time per card: a second click while the first is under way would only fail.
  const { busy, run } = useConfirmAction();
  const button = (label: string, className: string, action: ConfirmedAction) => (
    <button type="button" className={`button ${className} button-sm`} disabled={busy} onClick={() => void run(action)}>
      {label}
    </button>
  );

  if (offer.status === 'pending' && offer.toUserId === myId && isMessageOffer(offer)) {
    return (
      <>
        <AppLink to={`/messages?user=${offer.fromUserId}`} className="button button-primary button-sm">
          {OFFER_TEXT.reply}
        </AppLink>
        {button(OFFER_TEXT.dismiss, 'button-outline', dismissMessage(offer))}
      </>
    );
  }
  if (offer.status === 'pending' && offer.toUserId === myId) {
    return (
      <>
        {button(COMMON_TEXT.accept, 'button-primary', respond(offer, 'accepted'))}
        {onCounter && canCounter(offer) && (
          <button type="button" className="button button-outline button-sm" disabled={busy} onClick={() => onCounter(offer)}>
            {TRADES_TEXT.counter}
          </button>
        )}
        {button(COMMON_TEXT.decline, 'button-danger-outline', respond(offer, 'declined'))}
      </>
    );
  }
  if (offer.status === 'pending') return button(TRADES_TEXT.cancelOfferConfirmLabel, 'button-danger-outline', cancelOffer(offer));
  const own = ownActiveRequest(offer, myId);
  if (own) return button(TRADES_TEXT.removeRequestAndTrade, 'button-danger-outline', removeRequestAndTrade(offer, own.id));
  return button(COMMON_TEXT.remove, 'button-danger-outline', hideOffer(offer));
}

export default function Trades() {
  const user = useSessionStore((s) => s.user);
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'requests';
  const baseId = useId();

  const received = useReceivedOffers();
  const sent = useSentOffers();
  const finished = useFinishedOffers();
  const chains = useCompletedChainsStore();
  const stats = useBadgeStore((s) => s.stats);
  const [countering, setCountering] = useState<OfferItem | null>(null);

  useEffect(() => {
    void useOffersStore.getState().fetchAll();
    void useCompletedChainsStore.getState().fetch();
    // The product spec (docs/product-spec.md) section 7: the trade-request notifications are marked read when the screen loads.
    void useNotificationStore.getState().markAllOffersRead();
  }, []);

  const lists = useMemo(
    () => ({
      requests: [...received.items].sort(newestFirst),
      pending: [...sent.items].sort(newestFirst),
      approved: [
        ...finished.items.map((item): Finished => ({ kind: 'offer', item, at: item.respondedAt ?? item.createdAt })),
        ...chains.items.map((item): Finished => ({ kind: 'chain', item, at: item.updatedAt })),
      ].sort(answeredFirst),
    }),
    [received.items, sent.items, finished.items, chains.items],
  );
  const states = { requests: received, pending: sent, approved: finished };

  // A live 'offer:update' says an offer closed but not why: the Completed list is read again for the reason.
  const reasonMissing = finished.items.some((o) => o.status === 'closed' && !o.closedReason);
  useEffect(() => {
    if (reasonMissing && useFinishedOffers.getState().loaded) void useFinishedOffers.getState().fetch();
  }, [reasonMissing]);
  const state = states[tab];

  function select(next: Tab) {
    setParams({ tab: next }, { replace: true });
  }

  if (!user) return null;
  const shown = lists[tab];

  return (
    <div className="page-inner">
      <div className="page-header">
        <div>
          <h1>{TRADES_TEXT.tradesTitle}</h1>
          <p className="page-subtitle">{TRADES_TEXT.tradesSubtitle}</p>
        </div>
        <div className="page-actions">
          <AppLink to="/all-trades" className="button button-outline">
            {TRADES_TEXT.browseTradeboard}
          </AppLink>
        </div>
      </div>

      <TabBar
        tabs={TABS}
        selected={tab}
        onSelect={select}
        label={TRADES_TEXT.tradesTitle}
        baseId={baseId}
        panelId={`${baseId}-panel`}
        render={(t) => (
          <>
            {TAB_LABELS[t]}
            {lists[t].length > 0 && <span className="tab-count">{countText(lists[t].length, states[t].next)}</span>}
          </>
        )}
      />

      <section role="tabpanel" id={`${baseId}-panel`} aria-labelledby={tabId(baseId, tab)} tabIndex={0} className="tab-panel">
        {!state.loaded ? (
          <p className="muted" role="status">
            {COMMON_TEXT.loading}
          </p>
        ) : state.error && shown.length === 0 ? (
          <div className="card empty-state">
            <p>{TRADES_TEXT.couldNotLoadTrades}</p>
            <button type="button" className="button button-outline" onClick={() => void state.fetch()}>
              {COMMON_TEXT.tryAgain}
            </button>
          </div>
        ) : shown.length === 0 ? (
          <div className="card empty-state">
            <p>{EMPTY[tab]}</p>
          </div>
        ) : tab === 'approved' ? (
          <>
            {stats && <p className="trades-count">{completedCountText(stats)}</p>}
            <div className="card-grid">
              {lists.approved.map((f) =>
                f.kind === 'chain' ? (
                  <ChainLegCard
                    key={`chain-${f.item.id}`}
                    chain={f.item}
                    myId={user.id}
                    onRemove={(c) => void confirmThenAct(removeChainTrade(c))}
                  />
                ) : (
                  <OfferCard key={f.item.id} offer={f.item} myId={user.id} actions={<OfferActions offer={f.item} myId={user.id} />} />
                ),
              )}
            </div>
          </>
        ) : (
          <div className="card-grid">
            {(shown as OfferItem[]).map((offer) => (
              <OfferCard
                key={offer.id}
                offer={offer}
                myId={user.id}
                note={offer.status === 'pending' && offer.toUserId === user.id && <TripConflictLine trip={tripOfOffer(offer)} />}
                actions={<OfferActions offer={offer} myId={user.id} onCounter={setCountering} />}
              />
            ))}
          </div>
        )}
        {state.loaded && (
          <LoadMore next={state.next} loading={state.loadingMore} onMore={() => void state.loadMore().catch(() => undefined)} />
        )}
      </section>
      <LazyCounterOfferDialog offer={countering} myId={user.id} onClose={() => setCountering(null)} />
    </div>
  );
}
