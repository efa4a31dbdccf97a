// One trade offer on the Trades screen: who sent or got it, the type (the opposite of the sender's
// choice on a received offer, docs/product-spec.md section 4), a sentence from the reader's side saying who gives
// what to whom (protocol/offerText.ts, as the bell, push and mail say it), the trade date, the
// offered pairing or reserve period, the request it answers, the message, screenshots (lightbox) and
// the status. A declined offer the user sent is titled "Your Declined Trade Request". One the system
// closed (a request of it filled or deleted) is never a decline: a quiet Closed badge and the reader's
// sentence of why ("Liam's pickup on Dec 1 was filled", docs/decisions/0042). A message sent
// from a crew profile shows as a message asking to trade (its own badge; "Dismissed" once declined).
// A counter-offer carries its badge, and it and the offer it answered a History of the negotiation
// (docs/decisions/0045); on the user's own request, the standing rule's note on an offer it left to
// them, or its badge on one it accepted. The screen passes the actions, and a note shown above them (the roster's conflict line).
import { format } from 'date-fns';
import type { ReactNode } from 'react';
import { AppLink } from '../app/AppLink.tsx';
import type { OfferStatus } from '#protocol/enums.ts';
import { OFFERS_MSG } from '#protocol/messages/offers.ts';
import { isMessageOffer, OFFER_TEXT, offerSentence } from '#protocol/offerText.ts';
import { shownOfferType } from '#protocol/schemas/offers.ts';
import type { OfferItem, TradeRequestItem } from '#protocol/shapes.ts';
import { formatDate, fullName, REQUEST_TYPE_LABELS, tripDaysText } from '../lib/format.ts';
import { Ident } from './Ident.tsx';
import { RouteValue, TripImages, TypeBadge } from './RequestCard.tsx';
import { RULE_TEXT } from '#protocol/standingRule.ts';
import { OFFER_STATUS_LABELS, offerClosedSentence, TRADES_TEXT } from '../texts/trades.ts';
import { OfferHistory } from './OfferHistory.tsx';
import './offers.css';

const STATUS_BADGES: Record<OfferStatus, string> = {
  pending: 'badge-pending',
  accepted: 'badge-completed',
  declined: 'badge-declined',
  closed: 'badge-closed',
};

/** "MMM d, yyyy at h:mm a" (docs/product-spec.md section 9). */
function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, "MMM d, yyyy 'at' h:mm a");
}

/**
 * The offered pairing or reserve period, named after the request's route type (or what was sent). A
 * counter-offer from the request's owner names the other crew member's trip it asks for instead.
 */
function offered(offer: OfferItem, askedByOwner: boolean): { label: string; value: string } | null {
  const reserve = offer.request ? offer.request.routeType === 'reserve_period' : Boolean(offer.offerReservePeriod) && !offer.offerRoute;
  const value = reserve ? offer.offerReservePeriod : offer.offerRoute;
  if (!value) return null;
  if (askedByOwner) return { label: TRADES_TEXT.askedFor, value };
  return { label: reserve ? 'Offered Reserve Period' : 'Offered Pairing', value };
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The request an offer answers: the user's own when received, the other crew member's when sent. */
function TargetRequest({ title, request }: { title: string; request: TradeRequestItem }) {
  return (
    <div className="match-side offer-request">
      <h4 className="match-side-title">{title}</h4>
      <div className="match-side-line">
        <TypeBadge type={request.type} />
        <span>{formatDate(request.date)}</span>
      </div>
      <dl className="details details-stacked">
        <Detail label={request.routeType === 'reserve_period' ? 'Reserve Period' : 'Pairing'}>
          <RouteValue request={request} />
        </Detail>
        <Detail label="Trip Days">{tripDaysText(request.tripDays)}</Detail>
      </dl>
    </div>
  );
}

interface OfferCardProps {
  offer: OfferItem;
  /** The signed-in user's id: decides received or sent. */
  myId: number;
  actions?: ReactNode;
  /** A line just above the actions (the roster's "Conflicts with your ATL1234" on an offer received). */
  note?: ReactNode;
}

export function OfferCard({ offer, myId, actions, note }: OfferCardProps) {
  const received = offer.toUserId === myId;
  const other = received ? offer.fromUser : offer.toUser;
  const otherId = received ? offer.fromUserId : offer.toUserId;
  // A counter-offer, or an offer answered with one: a negotiation, with its History (docs/decisions/0045).
  // A counter keeps its first offer's type and request, whichever way it goes: the request's owner reads it as they did.
  const counter = offer.counterOfId !== null;
  const inThread = counter || offer.closedReason === 'countered';
  const mineRequest = counter && offer.request ? offer.request.userId === myId : received;
  const type = shownOfferType(offer.requestType, mineRequest);
  const message = isMessageOffer(offer);
  const declinedOwn = !received && offer.status === 'declined' && !message;
  const what = offered(offer, counter && offer.request !== null && offer.fromUserId === offer.request.userId);
  const who = fullName(other);
  const status = message && offer.status === 'declined' ? OFFER_TEXT.dismissedStatus : OFFER_STATUS_LABELS[offer.status];
  const closedWhy = offer.status === 'closed' ? offerClosedSentence(offer, myId) : null;
  // The standing rule's say on the user's own request (docs/decisions/0045): why it left a pending offer to them, or that it accepted.
  const ruleNote = received && offer.status === 'pending' ? offer.ruleNote : null;
  const byMyRule = received && offer.status === 'accepted' && offer.acceptedByRule;
  const summary = offerSentence(offer, received ? 'received' : 'sent', { from: fullName(offer.fromUser), to: fullName(offer.toUser) });
  return (
    <article
      className={`request-card offer-card${declinedOwn ? ' offer-card-declined' : ''}${message ? ' offer-card-message' : ''}`}
      aria-label={
        message
          ? `Message asking to trade ${received ? 'from' : 'to'} ${who}`
          : `${REQUEST_TYPE_LABELS[type]} ${counter ? 'counter-offer' : 'trade request'} ${received ? 'from' : 'to'} ${who}`
      }
    >
      <header className="request-card-header">
        <span className="offer-card-types">
          {message ? <span className="badge badge-message">{OFFER_TEXT.messageBadge}</span> : <TypeBadge type={type} />}
          {offer.tradeDate && <span className="request-card-date">{formatDate(offer.tradeDate)}</span>}
        </span>
        <span className={`badge ${STATUS_BADGES[offer.status]}`}>{status}</span>
      </header>
      {/* Under the header, which a third badge would squeeze onto two lines on a narrow card. */}
      {(counter || byMyRule) && (
        <p className="offer-card-flags">
          {counter && <span className="badge badge-counter">{TRADES_TEXT.counterBadge}</span>}
          {byMyRule && <span className="badge badge-completed">{RULE_TEXT.acceptedBadge}</span>}
        </p>
      )}
      {declinedOwn && <p className="offer-card-notice">{OFFERS_MSG.declinedOwnOffer}</p>}
      {closedWhy && <p className="closed-reason">{closedWhy}</p>}
      <p className="offer-card-summary">{summary}</p>
      <h3 className="offer-card-who">
        <span className="muted">{received ? 'From' : 'To'}</span>{' '}
        <AppLink to={`/crew/${otherId}`} className="text-link">
          {who}
        </AppLink>
        {other?.employeeNumber && (
          <span className="muted offer-card-employee">
            {' '}
            · <Ident prefix="#" value={other.employeeNumber} />
          </span>
        )}
      </h3>
      <dl className="details">
        {what && <Detail label={what.label}>{what.value}</Detail>}
        <Detail label="Sent">{formatDateTime(offer.createdAt)}</Detail>
        {offer.respondedAt && <Detail label={status}>{formatDateTime(offer.respondedAt)}</Detail>}
      </dl>
      {offer.request && <TargetRequest title={mineRequest ? 'Your Request' : 'Their Request'} request={offer.request} />}
      {offer.message && <p className="request-notes">{offer.message}</p>}
      {offer.tradeRequestImages?.length > 0 && (
        <TripImages images={offer.tradeRequestImages} label="Trade request screenshots" itemLabel="screenshot" />
      )}
      {inThread && <OfferHistory offer={offer} myId={myId} />}
      {ruleNote && <p className="offer-rule-note">{ruleNote}</p>}
      {note}
      {actions && <div className="request-card-actions">{actions}</div>}
    </article>
  );
}
