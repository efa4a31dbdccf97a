// The request dialog, fetched when first opened: its dialog and drop-zone code stay out of the
// screens' first download.
import { Suspense, type ComponentProps } from 'react';
import { lazyScreen } from '../lib/lazyScreen.ts';

const RequestModal = lazyScreen(() => import('./RequestModal.tsx').then((m) => ({ default: m.RequestModal })));

export function LazyRequestModal(props: ComponentProps<typeof RequestModal>) {
  return (
    <Suspense fallback={null}>
      <RequestModal {...props} />
    </Suspense>
  );
}
