// The full-size view of a trip screenshot, fetched when first opened: its dialog code (Radix) stays
// out of the first screen, whose cards show thumbnails (docs/decisions/0032-light-sign-in-and-first-screen.md).
import { Suspense, type ComponentProps } from 'react';
import { lazyScreen } from '../lib/lazyScreen.ts';

const LightboxView = lazyScreen(() => import('./LightboxView.tsx'));

export function Lightbox(props: ComponentProps<typeof LightboxView>) {
  return (
    <Suspense fallback={null}>
      <LightboxView {...props} />
    </Suspense>
  );
}
