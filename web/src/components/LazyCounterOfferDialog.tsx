// The counter-offer dialog, fetched when first opened, like the Request Trade dialog.
import { Suspense } from 'react';
import type { CounterOfferDialogProps } from './CounterOfferDialog.tsx';
import { lazyScreen } from '../lib/lazyScreen.ts';

const CounterOfferDialog = lazyScreen(() => import('./CounterOfferDialog.tsx').then((m) => ({ default: m.CounterOfferDialog })));

export function LazyCounterOfferDialog(props: CounterOfferDialogProps) {
  if (!props.offer) return null;
  return (
    <Suspense fallback={null}>
      <CounterOfferDialog {...props} />
    </Suspense>
  );
}
