import type { MikroORM } from '@mikro-orm/postgresql';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../lib/logger.ts';
import { listStoredFiles, removeStoredFiles, tempRoot, THUMB_NAME, thumbNameOf } from './file-store.ts';
import { unreferencedFiles } from './file-references.ts';
import { poolEm } from '../db/pool-em.ts';

export interface SweepDeps {
  orm: MikroORM;
  config: { uploadDir: string };
  log: Logger;
}

export interface SweepOptions {
  /**
   * Files and temp folders younger than this are left alone: an upload in flight has stored its
   * files but not yet committed its rows (a transaction never lasts this long: statement timeouts).
   */
  graceMs?: number;
  /** The clock, for tests. */
  now?: number;
}

export const DEFAULT_SWEEP_GRACE_MS = 15 * 60 * 1000;
export const DEFAULT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 1000;

/** The newest modification time in a temp folder (a part still being written keeps its folder). */
async function newestChange(dir: string): Promise<number> {
  const stat = await fs.stat(dir);
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const times = await Promise.all(
    entries.map((e) =>
      fs
        .stat(path.join(e.parentPath, e.name))
        .then((s) => s.mtimeMs)
        .catch(() => 0),
    ),
  );
  return Math.max(stat.mtimeMs, ...times);
}

async function sweepTempFolders(uploadDir: string, before: number): Promise<number> {
  const root = tempRoot(uploadDir);
  const names = await fs.readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const dir = path.join(root, name);
    const changed = await newestChange(dir).catch(() => Infinity);
    if (changed >= before) continue;
    await fs.rm(dir, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** Thumbnails whose image is gone (a crash between the two writes, or between the two removals). */
async function sweepLoneThumbnails(uploadDir: string, before: number): Promise<void> {
  const names = await fs.readdir(uploadDir).catch(() => [] as string[]);
  const images = new Set(names.filter((n) => !THUMB_NAME.test(n)).map(thumbNameOf));
  for (const name of names.filter((n) => THUMB_NAME.test(n) && !images.has(n))) {
    const file = path.join(uploadDir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < before) await fs.rm(file, { force: true });
  }
}

/**
 * Deletes what a crash or a failed write left behind: stored files older than the grace period
 * that no image row names (moved into the store before a commit that never came, or kept when the
 * database could not say), and abandoned temp folders. Returns the names of the files removed.
 */
export async function sweepUploads(deps: SweepDeps, options: SweepOptions = {}): Promise<{ files: string[]; tempFolders: number }> {
  const before = (options.now ?? Date.now()) - (options.graceMs ?? DEFAULT_SWEEP_GRACE_MS);
  const { uploadDir } = deps.config;
  const old = (await listStoredFiles(uploadDir)).filter((f) => f.modifiedAt < before).map((f) => f.name);
  const files: string[] = [];
  for (let i = 0; i < old.length; i += BATCH) {
    const orphans = await unreferencedFiles(poolEm(deps.orm), deps.orm, old.slice(i, i + BATCH));
    await removeStoredFiles(deps.config, orphans);
    files.push(...orphans);
  }
  const tempFolders = await sweepTempFolders(uploadDir, before);
  await sweepLoneThumbnails(uploadDir, before);
  return { files, tempFolders };
}

/**
 * Sweeps now and then every intervalMs, in the background; a failed sweep is logged and retried
 * at the next tick. The returned stop waits for a sweep in progress, so the database can close.
 */
export function startUploadSweeper(deps: SweepDeps, options: { intervalMs?: number; graceMs?: number } = {}): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const sweep = () => {
    if (stopped) return;
    running = running.then(async () => {
      if (stopped) return;
      try {
        const { files, tempFolders } = await sweepUploads(deps, { graceMs: options.graceMs });
        if (files.length || tempFolders) deps.log.info({ files: files.length, tempFolders }, 'removed unreferenced uploads');
      } catch (err) {
        deps.log.warn({ err }, 'upload sweep failed');
      }
    });
  };
  sweep();
  const timer = setInterval(sweep, options.intervalMs ?? DEFAULT_SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
