// The counter-offer dialog (docs/decisions/0045), opened from a received offer's Counter on /trades:
// the Request Trade dialog's trip fields and message, for another trip instead. The request's owner
// asks for another trip of the other crew member's (its day and pairing or reserve period); the
// other crew member, countering back, offers another of theirs. The offer answered is said on top, as
// its card says it; the roster's reasons against the trip the counter would have the user fly show
// as in the Request Trade dialog (a warning, never a block). Sent, the counter goes to Pending and
// the offer it answers to Completed; a failure says why in the toast and above the buttons.
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormDialog } from './FormDialog.tsx';
import { OFFERS_MSG } from '#protocol/messages/offers.ts';
import { offerSentence } from '#protocol/offerText.ts';
import { offerFormSchema, type CounterInput } from '#protocol/schemas/offers.ts';
import type { OfferItem } from '#protocol/shapes.ts';
import { serverMessage } from '../api/client.ts';
import { useDraftKey } from '../hooks/useDraftKey.ts';
import { useSchemaForm } from '../hooks/useSchemaForm.ts';
import { fullName } from '../lib/format.ts';
import { useOffersStore } from '../stores/useOffersStore.ts';
import { toast } from '../stores/useToastStore.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { TRADES_TEXT } from '../texts/trades.ts';
import { FormAlert, TextAreaField } from './Field.tsx';
import { OfferTripFields, type TripFieldValues } from './OfferTripFields.tsx';
import { RosterReasons, useRosterCheck } from './roster/RosterReasons.tsx';
import { tripOfCounter } from './roster/rosterTrips.ts';
import './offers.css';

/** How long a typed date must rest before the roster is asked. */
const ROSTER_CHECK_WAIT_MS = 400;

export interface CounterOfferDialogProps {
  /** The received pending offer to counter; null: closed. */
  offer: OfferItem | null;
  myId: number;
  onClose: () => void;
}

type CounterForm = TripFieldValues & { message: string };

const EMPTY_FORM: CounterForm = { tradeDate: '', offerRoute: '', offerReservePeriod: '', message: '' };

/** The labels and hints of the trip fields: the owner asks for the other's trip, the other offers their own. */
function tripWords(asksForTheirs: boolean, reserve: boolean) {
  const kind = reserve ? 'reserve period' : 'pairing';
  return {
    labels: {
      date: TRADES_TEXT.tradeDate,
      trip: asksForTheirs
        ? reserve
          ? TRADES_TEXT.counterTheirReservePeriod
          : TRADES_TEXT.counterTheirPairing
        : reserve
          ? TRADES_TEXT.offeredReservePeriod
          : TRADES_TEXT.offeredPairing,
    },
    hints: {
      date: asksForTheirs ? TRADES_TEXT.counterDateHintAsk : TRADES_TEXT.counterDateHintOffer,
      trip: (asksForTheirs ? TRADES_TEXT.counterWhatHintAsk : TRADES_TEXT.counterWhatHintOffer).replace('{kind}', kind),
    },
  };
}

/** The body: only the trip field of the request's route type, a blank message left out. */
function counterBody(form: CounterForm, reserve: boolean): CounterInput {
  const message = form.message.trim();
  return {
    tradeDate: form.tradeDate,
    ...(reserve ? { offerReservePeriod: form.offerReservePeriod.trim() } : { offerRoute: form.offerRoute.trim() }),
    ...(message ? { message } : {}),
  };
}

export function CounterOfferDialog({ offer, myId, onClose }: CounterOfferDialogProps) {
  const [form, setForm] = useState<CounterForm>(EMPTY_FORM);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: 'nearest' });
  }, [failure]);
  const draft = useDraftKey();
  const routeType = offer?.request?.routeType ?? 'pairing';
  const reserve = routeType === 'reserve_period';
  const schema = useMemo(() => offerFormSchema(routeType), [routeType]);
  const trip = offer
    ? tripOfCounter(offer, myId, { tradeDate: form.tradeDate, trip: reserve ? form.offerReservePeriod : form.offerRoute })
    : null;
  const rosterCheck = useRosterCheck(trip, ROSTER_CHECK_WAIT_MS);

  async function send() {
    if (!offer) return;
    setFailure(null);
    try {
      const body = counterBody(form, reserve);
      await useOffersStore.getState().counter(offer.id, { ...body, clientKey: draft.keyFor(body, []) });
    } catch (err) {
      const description = serverMessage(err) ?? OFFERS_MSG.counterSendFailed;
      toast({ title: COMMON_TEXT.errorTitle, description, variant: 'destructive' });
      setFailure(description);
      return;
    }
    draft.sent();
    toast({ title: OFFERS_MSG.counterSentTitle });
    onClose();
  }

  const values = offer ? { ...form, requestType: offer.requestType } : form;
  const { errors, valid, pending, submit, touch } = useSchemaForm(schema, values, OFFERS_MSG.counterSendFailed, () => send());

  if (!offer) return null;
  const other = fullName(offer.fromUser);
  const words = tripWords(offer.request?.userId === myId, reserve);
  const update = (key: keyof CounterForm, value: string) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <FormDialog
      title={TRADES_TEXT.counterTitle.replace('{name}', other)}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      ready={valid}
      label={TRADES_TEXT.sendCounter}
      pendingLabel={COMMON_TEXT.sending}
    >
      <div className="match-side offer-target" aria-label={TRADES_TEXT.counterAnswers}>
        <h3 className="match-side-title">{TRADES_TEXT.counterAnswers}</h3>
        <p className="offer-card-summary">{offerSentence(offer, 'received', { from: other, to: fullName(offer.toUser) })}</p>
      </div>
      {trip && <RosterReasons reasons={rosterCheck?.reasons ?? []} />}
      <OfferTripFields
        routeType={routeType}
        values={form}
        errors={errors}
        labels={words.labels}
        hints={words.hints}
        onChange={update}
        onLeave={touch}
      />
      <TextAreaField
        label={TRADES_TEXT.offerMessage}
        name="message"
        rows={3}
        value={form.message}
        onChange={(e) => update('message', e.target.value)}
        onBlur={() => touch('message')}
        error={errors.message}
      />
      {failure && (
        <div ref={failureRef} className="offer-send-failure">
          <FormAlert>{failure}</FormAlert>
        </div>
      )}
    </FormDialog>
  );
}
