// The dashboard's Base Chat card, fetched when it comes near the viewport: it sits below the fold on
// a phone, and its chat, composer and upload code would otherwise be a third of the dashboard's
// download. Until then a card with the same frame, heading and height holds its place, so nothing
// moves when the real card replaces it.
import { Suspense, useRef, type RefObject } from 'react';
import { useNearViewport } from '../hooks/useNearViewport.ts';
import { lazyScreen } from '../lib/lazyScreen.ts';
import { TEXT } from '../texts/firstScreen.ts';

const BaseChatCard = lazyScreen(() => import('./BaseChatCard.tsx').then((m) => ({ default: m.BaseChatCard })));

function BaseChatPlaceholder({ sentinel }: { sentinel?: RefObject<HTMLElement | null> }) {
  return (
    <section className="card base-chat-placeholder" aria-labelledby="base-chat-placeholder-heading" ref={sentinel}>
      <div className="card-header">
        <h2 id="base-chat-placeholder-heading" className="card-title">
          {TEXT.baseChat}
        </h2>
      </div>
      <p className="muted" role="status">
        {TEXT.loading}
      </p>
    </section>
  );
}

export function LazyBaseChatCard() {
  const placeholder = useRef<HTMLElement>(null);
  const near = useNearViewport(placeholder);
  if (!near) return <BaseChatPlaceholder sentinel={placeholder} />;
  return (
    <Suspense fallback={<BaseChatPlaceholder />}>
      <BaseChatCard />
    </Suspense>
  );
}
