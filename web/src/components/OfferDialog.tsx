// The Request Trade dialog (docs/product-spec.md sections 2 and 5), opened from the tradeboard, from Matches and from a
// crew profile. For a request: the trade type (drop or pickup, plus trade on a trade request;
// default pickup), the date, the offered pairing or reserve period (whichever the request is), a
// message and, for a pairing, screenshots. From a profile (request null) only a message is sent.
// Send stays disabled while the form is invalid or sending; a field's message shows once it was left
// and clears as soon as it is valid (useSchemaForm). The date and "Your Pairing" say what to enter
// for the type chosen: picking up, the pairing given in exchange, or "none" (the spec requires the
// field; docs/decisions/0025). From Matches the match then moves to trade_requested (which also
// acknowledges its notification) and leaves the list. A failed send says why (the server's message
// when it gave one, "This request is no longer on the tradeboard") in the spec's toast and, until
// the next send, in an alert above the buttons.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormDialog } from './FormDialog.tsx';
import { z } from 'zod';
import type { RequestType, RouteType } from '#protocol/enums.ts';
import { MAX_IMAGES } from '#protocol/limits.ts';
import { OFFERS_MSG } from '#protocol/messages/offers.ts';
import { UPLOADS_MSG } from '#protocol/messages/uploads.ts';
import { offerFormSchema, offerTypeChoices, type OfferInput } from '#protocol/schemas/offers.ts';
import type { OfferItem, TradeRequestItem } from '#protocol/shapes.ts';
import { serverMessage } from '../api/client.ts';
import { formatDate, REQUEST_TYPE_LABELS } from '../lib/format.ts';
import { useDraftKey } from '../hooks/useDraftKey.ts';
import { useImageUploads } from '../hooks/useImageUploads.ts';
import { isImageFile } from '../lib/imageUploads.ts';
import { useSchemaForm } from '../hooks/useSchemaForm.ts';
import { useOffersStore } from '../stores/useOffersStore.ts';
import { toast } from '../stores/useToastStore.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { REQUESTS_TEXT } from '../texts/requests.ts';
import { TRADES_TEXT } from '../texts/trades.ts';
import { FormAlert, TextAreaField } from './Field.tsx';
import { FileDropZone } from './FileDropZone.tsx';
import { OfferTripFields } from './OfferTripFields.tsx';
import { RouteValue, TypeBadge } from './RequestCard.tsx';
import { RosterReasons, useRosterCheck } from './roster/RosterReasons.tsx';
import { tripToTake } from '#protocol/roster-rules.ts';
import './offers.css';

export interface OfferTarget {
  toUserId: number;
  /** Shown in the dialog's title. */
  toUserName: string;
  /** The request the offer answers; null from a crew profile (only a message is sent). */
  request: TradeRequestItem | null;
  /** Set when sent from Matches: the match moves to trade_requested and its notification is acknowledged. */
  matchId?: number;
}

export interface OfferDialogProps {
  /** null: closed. */
  target: OfferTarget | null;
  onClose: () => void;
  onSent?: (offer: OfferItem) => void;
}

interface OfferForm {
  requestType: RequestType;
  tradeDate: string;
  offerRoute: string;
  offerReservePeriod: string;
  message: string;
}

const EMPTY_FORM: OfferForm = { requestType: 'pickup', tradeDate: '', offerRoute: '', offerReservePeriod: '', message: '' };

/** From a crew profile only a message is sent, and it is required. */
const messageFormSchema = z.object({ message: z.string().trim().min(1, TRADES_TEXT.offerMessageRequired) });

/** What the date and the offered pairing or reserve period mean for the type chosen (docs/decisions/0025). */
function offerHints(type: RequestType, routeType: RouteType) {
  const kind = routeType === 'reserve_period' ? 'reserve period' : 'pairing';
  return {
    date: type === 'pickup' ? TRADES_TEXT.offerDateHintPickup : TRADES_TEXT.offerDateHintGive,
    trip: (type === 'pickup'
      ? TRADES_TEXT.offerWhatHintPickup
      : type === 'drop'
        ? TRADES_TEXT.offerWhatHintDrop
        : TRADES_TEXT.offerWhatHintTrade
    ).replace('{kind}', kind),
  };
}

/** The body sent for a request: only the field of its route type, a blank message left out. */
function offerBody(target: OfferTarget, request: TradeRequestItem, form: OfferForm): OfferInput {
  const message = form.message.trim();
  return {
    toUserId: target.toUserId,
    requestId: request.id,
    tradeDate: form.tradeDate,
    requestType: form.requestType,
    ...(request.routeType === 'reserve_period'
      ? { offerReservePeriod: form.offerReservePeriod.trim() }
      : { offerRoute: form.offerRoute.trim() }),
    ...(message ? { message } : {}),
  };
}

export function OfferDialog({ target, onClose, onSent }: OfferDialogProps) {
  const typeName = useId();
  const [form, setForm] = useState<OfferForm>(EMPTY_FORM);
  // The last send's failure, kept in the dialog until the next send (the toast passes after 5 s).
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: 'nearest' });
  }, [failure]);
  const images = useImageUploads(MAX_IMAGES);
  // An offer sent again unchanged (its answer lost) is stored once.
  const draft = useDraftKey();
  const request = target?.request ?? null;
  const routeType = request?.routeType;
  const schema = useMemo(() => (routeType ? offerFormSchema(routeType) : messageFormSchema), [routeType]);
  // The trip this offer would have the user fly (none when they drop theirs): the roster's say on it.
  const taken = request && form.requestType !== 'drop' ? tripToTake(request) : null;
  const rosterCheck = useRosterCheck(taken ? { date: taken.firstDay, days: request?.tripDays ?? 1 } : null);

  async function send() {
    if (!target) return;
    const fromMatch = target.matchId !== undefined;
    const isPairing = request?.routeType === 'pairing';
    const offers = useOffersStore.getState();
    setFailure(null);
    let sent: OfferItem;
    try {
      const message = form.message.trim();
      const body: OfferInput = request ? offerBody(target, request, form) : { toUserId: target.toUserId, message };
      const files = isPairing ? images.uploads.map((u) => u.file) : [];
      sent = await offers.send({ ...body, clientKey: draft.keyFor(body, files) }, files);
    } catch (err) {
      // The server's reason when it gave one ("This request is no longer on the tradeboard"), else the spec's text.
      const description = serverMessage(err) ?? (fromMatch ? OFFERS_MSG.offerRequestFailed : OFFERS_MSG.offerSendFailed);
      toast({ title: fromMatch ? OFFERS_MSG.offerRequestFailedTitle : COMMON_TEXT.errorTitle, description, variant: 'destructive' });
      setFailure(description);
      return;
    }
    onSent?.(sent);
    if (target.matchId !== undefined) {
      try {
        await offers.markMatchRequested(target.matchId);
      } catch (err) {
        // The offer went out; only the match's move failed. Sending again would send a second offer.
        toast({
          title: OFFERS_MSG.offerRequestFailedTitle,
          description: serverMessage(err) ?? OFFERS_MSG.offerRequestFailed,
          variant: 'destructive',
        });
        onClose();
        return;
      }
    }
    toast({ title: OFFERS_MSG.offerSentTitle });
    onClose();
  }

  // Failures are told in the spec's toasts: send() catches them.
  const { errors, valid, pending, submit, touch } = useSchemaForm(schema, form, OFFERS_MSG.offerSendFailed, () => send());

  if (!target) return null;
  const typeChoices = request ? offerTypeChoices(request.type) : [];
  const isPairing = request?.routeType === 'pairing';
  const hints = request ? offerHints(form.requestType, request.routeType) : null;

  const update = <K extends keyof OfferForm>(key: K, value: OfferForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  function addFiles(files: File[]) {
    if (files.length === 0) return;
    // An image too large is said under the field, by name and size (useImageUploads), with no toast over the buttons.
    if (!files.every(isImageFile))
      toast({ title: UPLOADS_MSG.invalidFilesTitle, description: UPLOADS_MSG.onlyImages, variant: 'destructive' });
    else if (images.uploads.length + files.length > MAX_IMAGES)
      toast({ title: UPLOADS_MSG.tooManyFilesTitle, description: UPLOADS_MSG.tooManyImages, variant: 'destructive' });
    images.add(files);
  }

  return (
    <FormDialog
      title={`${COMMON_TEXT.requestTrade} with ${target.toUserName}`}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      ready={valid}
      label={TRADES_TEXT.sendRequest}
      pendingLabel={COMMON_TEXT.sending}
    >
      {request && (
        <div className="match-side offer-target" aria-label="Their request">
          <h3 className="match-side-title">Their Request</h3>
          <div className="match-side-line">
            <TypeBadge type={request.type} />
            <span>{formatDate(request.date)}</span>
          </div>
          <RouteValue request={request} />
        </div>
      )}
      {taken && <RosterReasons reasons={rosterCheck?.reasons ?? []} />}

      {request && (
        <fieldset className="field">
          <legend>{TRADES_TEXT.offerTypeLegend}</legend>
          <div className={`segmented${typeChoices.length === 2 ? ' segmented-2' : ''}`}>
            {typeChoices.map((type) => (
              <label key={type} className="segmented-option">
                <input
                  type="radio"
                  name={typeName}
                  value={type}
                  checked={form.requestType === type}
                  onChange={() => update('requestType', type)}
                />
                <span>{REQUEST_TYPE_LABELS[type]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {request && hints && (
        <OfferTripFields
          routeType={request.routeType}
          values={form}
          errors={errors}
          labels={{
            date: TRADES_TEXT.tradeDate,
            trip: request.routeType === 'reserve_period' ? TRADES_TEXT.offeredReservePeriod : TRADES_TEXT.offeredPairing,
          }}
          hints={hints}
          onChange={update}
          onLeave={touch}
        />
      )}

      <TextAreaField
        label={TRADES_TEXT.offerMessage}
        name="message"
        rows={request ? 3 : 5}
        required={!request}
        hint={request ? undefined : TRADES_TEXT.offerMessageHintProfile}
        value={form.message}
        onChange={(e) => update('message', e.target.value)}
        onBlur={() => touch('message')}
        error={errors.message}
        data-autofocus={request ? undefined : true}
      />

      {isPairing && (
        <FileDropZone
          label={TRADES_TEXT.offerScreenshots}
          hint={REQUESTS_TEXT.imageHint}
          uploads={images.uploads}
          max={MAX_IMAGES}
          error={images.error}
          onFiles={addFiles}
          onRemove={images.remove}
        />
      )}
      {failure && (
        <div ref={failureRef} className="offer-send-failure">
          <FormAlert>{failure}</FormAlert>
        </div>
      )}
    </FormDialog>
  );
}
