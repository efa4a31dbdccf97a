// The trip an offer names: its day and the pairing or reserve period (whichever the request is), with
// what to enter said under each. The Request Trade dialog and the counter-offer dialog share them;
// each says in its own words whose trip it is (docs/decisions/0025, 0045).
import type { RouteType } from '#protocol/enums.ts';
import { useCrewToday } from '../stores/crewDay.ts';
import { TextField } from './Field.tsx';

export interface TripFieldValues {
  tradeDate: string;
  offerRoute: string;
  offerReservePeriod: string;
}

interface OfferTripFieldsProps {
  routeType: RouteType;
  values: TripFieldValues;
  errors: Partial<Record<keyof TripFieldValues, string>>;
  /** The labels: the date's, and the trip's (of the request's route type). */
  labels: { date: string; trip: string };
  hints: { date: string; trip: string };
  onChange: (key: keyof TripFieldValues, value: string) => void;
  /** The user left a field: its message shows from now on. */
  onLeave: (key: keyof TripFieldValues) => void;
}

export function OfferTripFields({ routeType, values, errors, labels, hints, onChange, onLeave }: OfferTripFieldsProps) {
  const today = useCrewToday();
  const tripKey = routeType === 'reserve_period' ? 'offerReservePeriod' : 'offerRoute';
  return (
    <>
      <TextField
        label={labels.date}
        type="date"
        name="tradeDate"
        min={today}
        required
        hint={hints.date}
        value={values.tradeDate}
        onChange={(e) => onChange('tradeDate', e.target.value)}
        onBlur={() => onLeave('tradeDate')}
        error={errors.tradeDate}
      />
      <TextField
        key={tripKey}
        label={labels.trip}
        name={tripKey}
        placeholder={routeType === 'reserve_period' ? 'e.g. R1 0500-1700' : 'e.g. ATL-LAX-ATL'}
        required
        hint={hints.trip}
        value={values[tripKey]}
        onChange={(e) => onChange(tripKey, e.target.value)}
        onBlur={() => onLeave(tripKey)}
        error={errors[tripKey]}
      />
    </>
  );
}
