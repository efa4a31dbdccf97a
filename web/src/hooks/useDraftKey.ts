// The client key of a component's draft (lib/draftKey.ts): the last unfinished send's when the same
// draft is sent again, else a new one; forgotten once a send succeeds.
import { useRef } from 'react';
import { draftKey, type DraftKey } from '../lib/draftKey.ts';

export function useDraftKey() {
  const last = useRef<DraftKey | null>(null);
  return {
    keyFor(draft: unknown, files: readonly File[]): string {
      last.current = draftKey(last.current, draft, files);
      return last.current.key;
    },
    sent() {
      last.current = null;
    },
  };
}
