// An offer's negotiation in order (docs/decisions/0045): a small History disclosure on the card of a
// counter-offer or of an offer that was countered. Opened, it reads the thread and lists each step,
// oldest first, with its sentence from the reader's side (as the cards say it), when it was sent and
// how it stands; the card's own offer is marked as the current step.
import { useState } from 'react';
import { offerSentence } from '#protocol/offerText.ts';
import type { OfferItem } from '#protocol/shapes.ts';
import { useOfferThread } from '../hooks/useOfferThread.ts';
import { monthDayYear } from '../lib/dates.ts';
import { fullName } from '../lib/format.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { OFFER_STATUS_LABELS, TRADES_TEXT } from '../texts/trades.ts';

function Step({ step, myId, current }: { step: OfferItem; myId: number; current: boolean }) {
  const side = step.toUserId === myId ? 'received' : 'sent';
  const sentence = offerSentence(step, side, { from: fullName(step.fromUser), to: fullName(step.toUser) });
  return (
    <li className="offer-history-step" aria-current={current ? 'step' : undefined}>
      <span className="offer-history-sentence">{sentence}</span>
      <span className="offer-history-meta">
        {monthDayYear(new Date(step.createdAt))} ·{' '}
        {step.closedReason === 'countered' ? TRADES_TEXT.counteredStatus : OFFER_STATUS_LABELS[step.status]}
      </span>
    </li>
  );
}

export function OfferHistory({ offer, myId }: { offer: OfferItem; myId: number }) {
  const [open, setOpen] = useState(false);
  const thread = useOfferThread(offer, open);
  return (
    <details className="offer-history" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{TRADES_TEXT.history}</summary>
      {!open ? null : thread === null ? (
        <p className="muted small" role="status">
          {COMMON_TEXT.loading}
        </p>
      ) : thread.failed ? (
        <p className="muted small" role="alert">
          {TRADES_TEXT.historyFailed}
        </p>
      ) : (
        <ol className="offer-history-list" aria-label={TRADES_TEXT.historyLabel}>
          {thread.items.map((step) => (
            <Step key={step.id} step={step} myId={myId} current={step.id === offer.id} />
          ))}
        </ol>
      )}
    </details>
  );
}
