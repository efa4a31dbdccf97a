import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';

/** One thing `npm test` needs that this machine lacks, and the command that installs it. */
export interface Missing {
  what: string;
  install: string;
  /**
   * Only some tests need it (the HTTPS test, the restore drill, the browser tests): outside CI they
   * are skipped with this message shown once; under CI (CI=true) it is missing like anything else.
   */
  optional?: boolean;
}

export const onPath = (command: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    socket.setTimeout(1_000, () => socket.destroy());
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}

export const hasNginx = () => existsSync('/usr/sbin/nginx') || onPath('nginx');
export const hasPostgresClient = () => ['pg_dump', 'pg_restore', 'psql'].every(onPath);
/** A test that needs a program this machine lacks is skipped outside CI (the preflight said so). */
export const skipWithout = (present: boolean) => !present && !process.env.CI;

/**
 * The programs the tests start themselves: redis-server (fault tests), nginx (the TLS test through
 * deploy/nginx), pg_dump, pg_restore and psql (the restore drill), chromium (browser tests).
 */
export function missingPrograms(chromiumPath: string): Missing[] {
  const missing: Missing[] = [];
  if (!onPath('redis-server'))
    missing.push({ what: 'redis-server (the fault tests start Redis servers of their own)', install: 'apt-get install -y redis-server' });
  if (!existsSync('/usr/sbin/nginx') && !onPath('nginx'))
    missing.push({ what: 'nginx (the HTTPS test runs deploy/nginx)', install: 'apt-get install -y nginx-light' });
  if (!['pg_dump', 'pg_restore', 'psql'].every(onPath))
    missing.push({ what: 'pg_dump, pg_restore and psql (the restore drill)', install: 'apt-get install -y postgresql-client' });
  if (!existsSync(chromiumPath))
    missing.push({ what: `Chromium at ${chromiumPath} (the browser tests)`, install: 'apt-get install -y chromium' });
  return missing;
}

/** Everything missing, in one message. */
export function missingMessage(missing: readonly Missing[], fatal = true): string {
  const lines = missing.map((m) => `  - ${m.what}\n      install: ${m.install}`);
  const all = [...new Set(missing.map((m) => m.install.replace(/^apt-get install -y /, '')))].join(' ');
  return [
    fatal ? 'npm test cannot run on this machine yet. Missing:' : 'npm test skips the tests that need what this machine lacks:',
    ...lines,
    `All at once (Debian/Ubuntu, as root): apt-get update && apt-get install -y ${all}`,
    'Or run `bash .ci/run`, which installs and starts everything the tests need, as CI does.',
  ].join('\n');
}
