// The Request Trade dialog, fetched when first opened, like the request dialog.
import { Suspense } from 'react';
import type { OfferDialogProps } from './OfferDialog.tsx';
import { lazyScreen } from '../lib/lazyScreen.ts';

const OfferDialog = lazyScreen(() => import('./OfferDialog.tsx').then((m) => ({ default: m.OfferDialog })));

export function LazyOfferDialog(props: OfferDialogProps) {
  if (!props.target) return null;
  return (
    <Suspense fallback={null}>
      <OfferDialog {...props} />
    </Suspense>
  );
}
