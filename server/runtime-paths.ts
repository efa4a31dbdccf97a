import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where the server's own files are. From source (tests, `npm run dev`) this module is
 * server/runtime-paths.ts; from the build (`npm start`, the image) it is bundled into dist/server, one
 * flat folder of chunks with the worker threads' entries beside them (scripts/build/server-bundle.ts).
 */
const serverRoot = path.dirname(fileURLToPath(import.meta.url));
const built = import.meta.url.endsWith('.js');

/** The built web app (vite build). */
export const WEB_ROOT = path.resolve(serverRoot, built ? '../web' : '../dist/web');

/** The migration files the migrator runs. */
export const MIGRATIONS_DIR = path.join(serverRoot, built ? 'migrations' : 'db/migrations');

/** A worker thread's entry, named by its source path under server/. */
export function workerEntry(sourcePath: string): URL {
  return pathToFileURL(path.join(serverRoot, built ? `${path.basename(sourcePath, '.ts')}.js` : sourcePath));
}
