// One request on the tradeboard: type, dates, pairing or reserve period, trip days, notes, the
// crew member (a link to their profile) and trip screenshots (thumbnails open a lightbox; broken
// ones are hidden).
import { useState, type ReactNode } from 'react';
import { AppLink } from '../app/AppLink.tsx';
import type { ImageRef, TradeRequestItem } from '#protocol/shapes.ts';
import { formatDate, fullName, REQUEST_TYPE_LABELS, routeText, tripDaysText } from '../lib/format.ts';
import { Lightbox } from './Lightbox.tsx';
import { thumbnailUrl } from '#protocol/uploads.ts';
import { Ident } from './Ident.tsx';

export function TypeBadge({ type }: { type: TradeRequestItem['type'] }) {
  return <span className={`badge badge-${type}`}>{REQUEST_TYPE_LABELS[type]}</span>;
}

/** The pairing, or a reserve period marked as one (where a column or line could hold either). */
export function RouteValue({ request }: { request: Pick<TradeRequestItem, 'routeType' | 'route' | 'reservePeriod'> }) {
  const text = routeText(request) || '—';
  if (request.routeType !== 'reserve_period') return <span className="route-value">{text}</span>;
  return (
    <span className="route-value">
      <span className="route-kind">Reserve</span> {text}
    </span>
  );
}

/** Thumbnails that open a lightbox; `label` names the list and (singular) each image. */
export function TripImages({
  images,
  label = 'Trip screenshots',
  itemLabel = 'trip screenshot',
}: {
  images: ImageRef[];
  label?: string;
  itemLabel?: string;
}) {
  const [broken, setBroken] = useState<ReadonlySet<number>>(() => new Set());
  const [open, setOpen] = useState<ImageRef | null>(null);
  const visible = images.filter((image) => !broken.has(image.id));
  if (visible.length === 0) return null;
  return (
    <>
      <ul className="thumb-grid" aria-label={label}>
        {visible.map((image, index) => (
          <li key={image.id} className="thumb">
            <button type="button" className="thumb-button" aria-label={`View ${itemLabel} ${index + 1}`} onClick={() => setOpen(image)}>
              <img
                src={thumbnailUrl(image.filename)}
                alt=""
                loading="lazy"
                onError={() => setBroken((set) => new Set(set).add(image.id))}
              />
            </button>
          </li>
        ))}
      </ul>
      {open && <Lightbox image={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface RequestCardProps {
  request: TradeRequestItem;
  actions?: ReactNode;
  showOwner?: boolean;
  /** A line of the viewer's own above the actions (a roster conflict). */
  note?: ReactNode;
  /** A badge of the owner's beside the type (their standing rule's, on their own requests). */
  badge?: ReactNode;
}

export function RequestCard({ request, actions, showOwner = true, note, badge }: RequestCardProps) {
  const isReserve = request.routeType === 'reserve_period';
  return (
    <article className="request-card" aria-label={`${REQUEST_TYPE_LABELS[request.type]} request on ${formatDate(request.date)}`}>
      <header className="request-card-header">
        {badge ? (
          <span className="request-card-types">
            <TypeBadge type={request.type} />
            {badge}
          </span>
        ) : (
          <TypeBadge type={request.type} />
        )}
        <span className="request-card-date">{formatDate(request.date)}</span>
      </header>
      <dl className="details">
        <Detail label={isReserve ? 'Reserve Period' : 'Pairing'}>{routeText(request) || '—'}</Detail>
        <Detail label="Trip Days">{tripDaysText(request.tripDays)}</Detail>
        {request.additionalDates?.length > 0 && (
          <Detail label="Additional Dates">{request.additionalDates.map(formatDate).join(', ')}</Detail>
        )}
        {request.type === 'trade' && request.desiredDates?.length > 0 && (
          <Detail label="Requested Dates">{request.desiredDates.map(formatDate).join(', ')}</Detail>
        )}
        {showOwner && (
          <Detail label="Crew">
            <AppLink to={`/crew/${request.user?.id ?? request.userId}`} className="text-link">
              {fullName(request.user)}
            </AppLink>
            {request.user?.employeeNumber && (
              <span className="muted">
                {' '}
                · <Ident prefix="#" value={request.user.employeeNumber} />
              </span>
            )}
          </Detail>
        )}
      </dl>
      {request.notes && <p className="request-notes">{request.notes}</p>}
      {request.tripImages?.length > 0 && <TripImages images={request.tripImages} />}
      {note}
      {actions && <div className="request-card-actions">{actions}</div>}
    </article>
  );
}
