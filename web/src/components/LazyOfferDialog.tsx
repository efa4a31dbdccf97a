// The Request Trade dialog, fetched when first opened, like the request dialog.
import { lazy, Suspense } from 'react';
import type { OfferDialogProps } from './OfferDialog.tsx';

const OfferDialog = lazy(() => import('./OfferDialog.tsx').then((m) => ({ default: m.OfferDialog })));

export function LazyOfferDialog(props: OfferDialogProps) {
  if (!props.target) return null;
  return (
    <Suspense fallback={null}>
      <OfferDialog {...props} />
    </Suspense>
  );
}
