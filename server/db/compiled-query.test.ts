import type { EntityManager } from '@mikro-orm/postgresql';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type CompiledQuery } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { compileOnce } from './compiled-query.ts';
import type { DB } from './kysely.ts';

/** A Kysely that records what it is asked to run (and returns no rows), behind a fake EntityManager. */
function recordingEm() {
  const ran: CompiledQuery[] = [];
  class Recording extends DummyDriver {
    override async acquireConnection() {
      return {
        executeQuery: async (q: CompiledQuery) => {
          ran.push(q);
          return { rows: [] };
        },
        streamQuery: () => {
          throw new Error('not used');
        },
      };
    }
  }
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new Recording(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { em: { getKysely: () => db } as unknown as EntityManager, ran };
}

describe('compileOnce', () => {
  it('builds the query once and binds each call’s values in their places', async () => {
    const { em, ran } = recordingEm();
    const build = vi.fn((db: Kysely<DB>, a: { ids: number[]; status: string }) =>
      db
        .selectFrom('requests')
        .select('id')
        .where(({ eb, fn, val }) => eb('id', '=', fn.any(val(a.ids))))
        .where('status', '=', a.status),
    );
    const query = compileOnce(['ids', 'status'], build);
    await query(em, { ids: [1, 2], status: 'active' });
    await query(em, { ids: [3], status: 'completed' });
    expect(build).toHaveBeenCalledTimes(1);
    expect(ran.map((q) => q.sql)).toEqual([
      'select "id" from "requests" where "id" = any($1) and "status" = $2',
      'select "id" from "requests" where "id" = any($1) and "status" = $2',
    ]);
    expect(ran.map((q) => q.parameters)).toEqual([
      [[1, 2], 'active'],
      [[3], 'completed'],
    ]);
  });

  it('builds a hand-written sql template once too, an argument used twice bound in both places', async () => {
    const { em, ran } = recordingEm();
    const build = vi.fn((_db: Kysely<DB>, a: { key: string; n: number }) => sql`select ${a.key}::text, ${a.n}::int, ${a.key}::text`);
    const query = compileOnce(['key', 'n'], build);
    await query(em, { key: 'a', n: 1 });
    await query(em, { key: 'b', n: 2 });
    expect(build).toHaveBeenCalledTimes(1);
    expect(ran.map((q) => q.sql)).toEqual(['select $1::text, $2::int, $3::text', 'select $1::text, $2::int, $3::text']);
    expect(ran.map((q) => q.parameters)).toEqual([
      ['a', 1, 'a'],
      ['b', 2, 'b'],
    ]);
  });

  it('refuses a build that leaves an argument out of the parameters', async () => {
    const { em } = recordingEm();
    const query = compileOnce(['id', 'unused'], (db, a: { id: number; unused: string }) =>
      db.selectFrom('requests').select('id').where('id', '=', a.id),
    );
    await expect(query(em, { id: 1, unused: 'x' })).rejects.toThrow(/unused not bound/);
  });
});
