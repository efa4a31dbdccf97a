// Builds the service worker (web/src/sw/service-worker.ts) as /sw.js, a fixed name outside
// /assets/ (a worker's URL must not change between builds), and writes the build's file list into
// it: the worker caches exactly the files of the build that registered it, and a new build makes
// a new sw.js, which the browser installs in place of the old one.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

export const SW_ENTRY = 'sw';

/**
 * Files fetched only on demand and too large to give every install: the HEIC decoder's worker and
 * its WASM (1.4 MB), which a browser loads only when a HEIC photo it cannot show is picked
 * (web/src/lib/imagePreview.ts). The worker fetches them from the network like any other request.
 */
const ON_DEMAND = /\.wasm$|\.worker-[^/]+\.js$/;

export function precachePlugin(): Plugin {
  return {
    name: 'crewtrade-precache',
    apply: 'build',
    // After the files are written: only then is the list final (Vite drops chunks that held only CSS
    // and renames others in its own last steps).
    async writeBundle(options, bundle) {
      const worker = Object.values(bundle).find((f) => f.type === 'chunk' && f.isEntry && f.name === SW_ENTRY);
      if (!worker || worker.type !== 'chunk') throw new Error('precache: the service worker entry is missing from the build');
      // A worker registered as a classic script cannot import: code it shares with the app must not be split out.
      if (worker.imports.length > 0)
        throw new Error(`precache: the service worker imports ${worker.imports.join(', ')}; it must be one file`);
      const files = Object.keys(bundle)
        .map((name) => `/${name}`)
        .filter((f) => f.startsWith('/assets/') && !f.endsWith('.map') && !ON_DEMAND.test(f))
        .sort();
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const file = path.join(options.dir!, worker.fileName);
      await writeFile(file, `const PRECACHE = ${JSON.stringify({ version, files })};\n${await readFile(file, 'utf8')}`);
    },
  };
}
