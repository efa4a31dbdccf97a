import { build, type BuildOptions } from 'esbuild';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The server as `npm start` and the image run it: plain JavaScript in dist/server, so an instance
 * loads no TypeScript transformer (tsx's loader thread and its transform cost about 20 MB of every
 * instance's memory: docs/decisions/0046-built-server.md). One folder of bundled chunks; packages
 * stay imports of node_modules. server/runtime-paths.ts finds its files in either layout.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_OUT = path.join(ROOT, 'dist/server');

/** Options shared by every bundle the project builds for Node (the server, the bench's processes). */
export function nodeBundle(entryPoints: string[], outdir: string): BuildOptions {
  return {
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    packages: 'external',
    // No keepNames: it wraps every function made, per request too, in a defineProperty of its name.
    // Nothing reads a function's name: entities and migrations name themselves, and a class keeps its
    // own unless two share one (server-bundle.test.ts checks that none do).
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    // Stack traces map back with NODE_OPTIONS=--enable-source-maps (docs/operations.md).
    sourcemap: 'linked',
    logLevel: 'warning',
  };
}

/** The worker threads' entries are named as server/runtime-paths.ts asks for them. */
export const ENTRIES = ['server/main.ts', 'server/features/roster/ics/parse-worker.ts', 'server/storage/heic-decode.worker.ts'];

export async function buildServer(out = SERVER_OUT): Promise<void> {
  await fs.rm(out, { recursive: true, force: true });
  await build(
    nodeBundle(
      ENTRIES.map((e) => path.join(ROOT, e)),
      out,
    ),
  );
  // Migrations are files the migrator lists and imports one by one, by name: each stays a file.
  const migrations = path.join(ROOT, 'server/db/migrations');
  const files = (await fs.readdir(migrations)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  await build({
    entryPoints: files.map((f) => path.join(migrations, f)),
    outdir: path.join(out, 'migrations'),
    format: 'esm',
    platform: 'node',
    target: 'node24',
    logLevel: 'warning',
  });
}

if (import.meta.main) await buildServer();
