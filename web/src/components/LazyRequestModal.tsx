// The request dialog, fetched when first opened: its dialog and drop-zone code stay out of the
// screens' first download.
import { lazy, Suspense, type ComponentProps } from 'react';

const RequestModal = lazy(() => import('./RequestModal.tsx').then((m) => ({ default: m.RequestModal })));

export function LazyRequestModal(props: ComponentProps<typeof RequestModal>) {
  return (
    <Suspense fallback={null}>
      <RequestModal {...props} />
    </Suspense>
  );
}
