// The end of a paged list (docs/decisions/0020): a Load more button while pages remain, and with
// `auto` a sentinel that loads the next page as the crew member scrolls to it (the tradeboard). The
// button stays for keyboards and for browsers that cannot observe.
import { useEffect, useRef } from 'react';
import { COMMON_TEXT } from '../texts/common.ts';

interface LoadMoreProps {
  /** The next page's cursor: nothing shows once it is null. */
  next: string | null;
  loading: boolean;
  onMore: () => void;
  /** Load as the end comes into view. */
  auto?: boolean;
  /** What the button loads, for screen readers ("Load more requests"). */
  label?: string;
}

export function LoadMore({ next, loading, onMore, auto = false, label }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  useEffect(() => {
    more.current = onMore;
  });

  useEffect(() => {
    const el = sentinel.current;
    if (!auto || next === null || loading || !el || typeof IntersectionObserver === 'undefined') return;
    // Some way before the end, so the next page is there by the time the crew member reaches it.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) more.current();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [auto, next, loading]);

  if (next === null) return null;
  return (
    <div className="load-more" ref={sentinel}>
      <button type="button" className="button button-outline button-sm" onClick={onMore} disabled={loading} aria-label={label}>
        {loading ? COMMON_TEXT.loading : COMMON_TEXT.loadMore}
      </button>
    </div>
  );
}
