import type { Plugin } from 'vite';

const STUB = '\0crewtrade-node-stub';
const BUILTINS = new Set(['fs', 'path', 'crypto']);

/**
 * libheif's Emscripten glue (the HEIC preview's worker: web/src/lib/heicPreview.worker.ts) requires
 * Node's fs, path and crypto in a branch that runs only under Node: in the browser they are empty,
 * said here once instead of warned on every build.
 */
export function libheifNodeStubs(): Plugin {
  return {
    name: 'crewtrade-libheif-node-stubs',
    enforce: 'pre',
    resolveId(id, importer) {
      return BUILTINS.has(id) && importer?.includes('/libheif-js/') ? STUB : null;
    },
    load(id) {
      return id === STUB ? 'export default {};' : null;
    },
  };
}
