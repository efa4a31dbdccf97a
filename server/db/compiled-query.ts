import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompiledQuery, Kysely, RawBuilder } from 'kysely';
import { kysely, type DB } from './kysely.ts';

/** Stands in for one argument while the query is built; only its identity matters. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A query built and compiled once per process, then run with each call's values in the same
 * parameter positions. Building a large select with Kysely costs 0.1 to 0.6 ms of CPU (the badge
 * counts, a request item with its images); on the hot paths (every create) that is paid once.
 *
 * The build runs with placeholders, so it must not look at the values (no `$if` on them), and each
 * argument must reach the SQL as bound parameters as it is (`=`, `eb.val`, `values()`): a list
 * for `in` is `= any(array)` (`eb.fn.any(eb.val(ids))`). A build that drops an argument fails
 * on first use. A hand-written `sql` template works the same way: each `${arg}` is a parameter.
 */
export function compileOnce<A extends Record<string, unknown>, R>(
  names: readonly (keyof A & string)[],
  build: (db: Kysely<DB>, args: A) => { compile(): CompiledQuery<R> } | RawBuilder<R>,
): (em: EntityManager, args: A) => Promise<R[]> {
  let compiled: { query: CompiledQuery<R>; slots: [number, keyof A][] } | undefined;
  return async (em, args) => {
    const db = kysely(em);
    if (!compiled) {
      const placeholders = Object.fromEntries(names.map((n) => [n, new Slot(n)]));
      // The build only records the placeholders; the values are bound below.
      const built = build(db, placeholders as unknown as A);
      const query = 'isRawBuilder' in built ? built.compile(db) : built.compile();
      const slots = query.parameters.flatMap((p, i): [number, keyof A][] => (p instanceof Slot ? [[i, p.name]] : []));
      const unbound = names.filter((n) => !slots.some(([, name]) => name === n));
      if (unbound.length) throw new Error(`compileOnce: ${unbound.join(', ')} not bound as parameters`);
      compiled = { query, slots };
    }
    const parameters = [...compiled.query.parameters];
    for (const [i, name] of compiled.slots) parameters[i] = args[name];
    return (await db.executeQuery<R>({ ...compiled.query, parameters })).rows;
  };
}

/**
 * A list query compiled twice, for its first page and for the pages after a cursor (compileOnce
 * cannot leave a condition out by value): `build` gets the cursor's slots, or null for the first.
 */
export function compilePaged<A extends Record<string, unknown>, C extends Record<string, unknown>, R>(
  names: readonly (keyof A & string)[],
  cursorNames: readonly (keyof C & string)[],
  build: (db: Kysely<DB>, args: A, cursor: C | null) => { compile(): CompiledQuery<R> },
): (em: EntityManager, args: A, cursor: C | null | undefined) => Promise<R[]> {
  const first = compileOnce<A, R>(names, (db, a) => build(db, a, null));
  const after = compileOnce<A & C, R>([...names, ...cursorNames], (db, a) => build(db, a, a));
  return (em, args, cursor) => (cursor ? after(em, { ...args, ...cursor }) : first(em, args));
}
