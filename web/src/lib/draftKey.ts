// The client key of a create the user may retry (a message, a request, an offer): the same draft
// sent again reuses its key, so a send whose answer was lost is stored once; a changed draft gets a
// new key. The key is forgotten once a send succeeds (hooks/useDraftKey.ts holds it in a component).

/** A new key for one send (reused when that send is retried). */
export function newClientKey(): string {
  return crypto.randomUUID();
}

export interface DraftKey {
  key: string;
  signature: string;
}

/** The key for a draft: the last unfinished send's when the draft is the same, else a new one. */
export function draftKey(last: DraftKey | null, draft: unknown, files: readonly File[]): DraftKey {
  const signature = JSON.stringify([draft, files.map((f) => [f.name, f.size, f.lastModified])]);
  return last?.signature === signature ? last : { key: newClientKey(), signature };
}
