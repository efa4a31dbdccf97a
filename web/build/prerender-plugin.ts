// Prerenders the signed-out pages into the built HTML, so a visitor's phone paints them from the HTML
// before any script has run: the landing page (index.html), which needs no React at all
// (web/src/landing.ts), and the sign-in and sign-up forms (login.html, signup.html), which a small
// script validates and submits without React (web/src/authEntry.ts). app.html, with its root empty,
// is the shell the server sends for every other path and to a browser with a session cookie
// (server/http/static-files.ts). docs/decisions/0030-light-signed-out-entry.md,
// docs/decisions/0032-light-sign-in-and-first-screen.md.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createServer, type Plugin } from 'vite';

const EMPTY_ROOT = '<div id="root"></div>';

/** Each built page, the module of the component rendered into its root, and the route it shows. */
export const PRERENDERED = [
  { file: 'index.html', module: '/src/pages/Landing.tsx', exportName: 'Landing', route: '/' },
  { file: 'login.html', module: '/src/pages/Login.tsx', exportName: 'default', route: '/login' },
  { file: 'signup.html', module: '/src/pages/Signup.tsx', exportName: 'default', route: '/signup' },
] as const;

export function prerenderPlugin(): Plugin {
  let outDir = '';
  let root = '';
  let failed = false;
  return {
    name: 'crewtrade-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    writeBundle(options) {
      outDir = options.dir!;
    },
    // A failed build wrote no pages to fill: its own error is the one to see.
    buildEnd(error) {
      if (error) failed = true;
    },
    renderError() {
      failed = true;
    },
    // Once every file is written: the HTML then names the final chunk files.
    async closeBundle() {
      if (failed) return;
      const server = await createServer({
        configFile: false,
        root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        // The router's location context, from the same module instance the pages read it from.
        const { LocationContext } = (await server.ssrLoadModule(
          '/src/app/routerLocation.ts',
        )) as typeof import('../src/app/routerLocation.ts');
        for (const page of PRERENDERED) {
          const mod = (await server.ssrLoadModule(page.module)) as Record<string, ComponentType>;
          const component = mod[page.exportName];
          if (!component) throw new Error(`prerender: ${page.module} exports no ${page.exportName}`);
          // The forms read the URL through the router's location: their own path, no query.
          const location = { pathname: page.route, search: '', hash: '' };
          const html = renderToString(createElement(LocationContext.Provider, { value: location }, createElement(component)));
          const file = path.join(outDir, page.file);
          const built = await readFile(file, 'utf8');
          if (!built.includes(EMPTY_ROOT)) throw new Error(`prerender: ${EMPTY_ROOT} is missing from ${page.file}`);
          await writeFile(file, built.replace(EMPTY_ROOT, `<div id="root">${html}</div>`));
        }
      } finally {
        await server.close();
      }
    },
  };
}
