// Whether an element has come near the viewport: a below-the-fold part of a screen fetches its code
// only then, so the first screen's download leaves it out. Once near, it stays near (the part stays
// rendered). Where IntersectionObserver is missing the element counts as near at once.
import { useEffect, useState, type RefObject } from 'react';

/** How far outside the viewport an element counts as near: its code has time to arrive before it shows. */
export const NEAR_MARGIN = '400px';

/** Calls `onNear` once when `el` comes within `margin` of the viewport; returns the cleanup. */
export function watchNear(el: Element, onNear: () => void, margin = NEAR_MARGIN): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      onNear();
    },
    { rootMargin: margin },
  );
  observer.observe(el);
  return () => observer.disconnect();
}

export function useNearViewport(ref: RefObject<Element | null>, margin = NEAR_MARGIN): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    return watchNear(el, () => setNear(true), margin);
  }, [ref, near, margin]);
  return near;
}
