// How a keyed list takes what reaches it from three sources that overlap and arrive in any order: the
// answer to one's own write, socket events, and a full GET. One item per id; a stored version is never
// replaced by an older one; an id deleted for good never comes back; and a GET that was under way
// while changes arrived does not undo them.

export interface Keyed {
  id: number;
}

export interface ItemRules<T> {
  /** Whether the item belongs in this list (a board holds current requests only). */
  keep?: (item: T) => boolean;
  /** True when `a` is a strictly later version of the same item than `b`. */
  isNewer?: (a: T, b: T) => boolean;
}

/** The list with `item` in it (replacing its id), or without it when it does not belong; an older version changes nothing. */
export function upsertById<T extends Keyed>(items: T[], item: T, rules: ItemRules<T> = {}): T[] {
  const index = items.findIndex((x) => x.id === item.id);
  const current = index === -1 ? undefined : items[index];
  if (current && (current === item || rules.isNewer?.(current, item))) return items;
  if (rules.keep && !rules.keep(item)) return current ? removeById(items, item.id) : items;
  if (!current) return [...items, item];
  const next = items.slice();
  next[index] = item;
  return next;
}

export function removeById<T extends Keyed>(items: T[], id: number): T[] {
  return items.some((x) => x.id === id) ? items.filter((x) => x.id !== id) : items;
}

/**
 * A GET's answer merged with the local list. Ids that changed locally while the GET was under way
 * keep their local state (the item, or its absence) unless the answer holds a newer version of an
 * item still held; ids deleted for good stay out.
 */
export function mergeFetched<T extends Keyed>(
  local: T[],
  fetched: readonly T[],
  changed: ReadonlySet<number>,
  deleted: ReadonlySet<number>,
  rules: ItemRules<T> = {},
): T[] {
  const localById = new Map(local.map((x) => [x.id, x]));
  const result: T[] = [];
  const seen = new Set<number>();
  for (const item of fetched) {
    if (deleted.has(item.id) || seen.has(item.id)) continue;
    seen.add(item.id);
    if (!changed.has(item.id)) {
      if (!rules.keep || rules.keep(item)) result.push(item);
      continue;
    }
    const held = localById.get(item.id);
    if (held) result.push(rules.isNewer?.(item, held) ? item : held);
  }
  for (const item of local) {
    if (changed.has(item.id) && !seen.has(item.id) && !deleted.has(item.id)) result.push(item);
  }
  return result;
}
