// Prerenders the landing page into the built index.html, so a visitor's phone paints it from the
// HTML before any script has run, and needs no React at all to use it (web/src/landing.ts). app.html,
// with its root empty, is the shell the server sends for every other path and to a browser with a
// session cookie (server/http/static-files.ts). docs/decisions/0030-light-signed-out-entry.md.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createServer, type Plugin } from 'vite';

const EMPTY_ROOT = '<div id="root"></div>';

export function prerenderPlugin(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'crewtrade-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    writeBundle(options) {
      outDir = options.dir!;
    },
    // Once every file is written: the HTML then names the final chunk files.
    async closeBundle() {
      const server = await createServer({
        configFile: false,
        root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { Landing } = (await server.ssrLoadModule('/src/pages/Landing.tsx')) as { Landing: ComponentType };
        const html = renderToString(createElement(Landing));
        const indexFile = path.join(outDir, 'index.html');
        const page = await readFile(indexFile, 'utf8');
        if (!page.includes(EMPTY_ROOT)) throw new Error(`prerender: ${EMPTY_ROOT} is missing from index.html`);
        await writeFile(indexFile, page.replace(EMPTY_ROOT, `<div id="root">${html}</div>`));
      } finally {
        await server.close();
      }
    },
  };
}
