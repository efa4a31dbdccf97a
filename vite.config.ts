// Vite builds the web app from web/ into dist/web, which the Koa server serves (server/app.ts).
// In development the API, uploaded files and Socket.IO are proxied to the server on port 3000.
// The service worker is a second entry, built to /sw.js with the build's file list (web/build).
// Two pages: index.html, the landing prerendered with a script that loads no React (src/landing.ts),
// and app.html, the app's shell for every other path (src/main.tsx), whose <head> is index.html's
// (web/build/shared-head-plugin.ts); see web/build/prerender-plugin.ts. login.html and signup.html
// are the sign-in and sign-up forms prerendered, with a script that needs no React (src/authEntry.ts).
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { firstScreenChunks } from './web/build/first-screen-chunks.ts';
import { libheifNodeStubs } from './web/build/node-stubs-plugin.ts';
import { precachePlugin, SW_ENTRY } from './web/build/precache-plugin.ts';
import { prerenderPlugin } from './web/build/prerender-plugin.ts';
import { sharedHeadPlugin } from './web/build/shared-head-plugin.ts';
import { colorSchemeChoice, themeBootPlugin } from './web/build/theme-plugin.ts';

const API = 'http://localhost:3000';
const web = (file: string) => fileURLToPath(new URL(`./web/${file}`, import.meta.url));

export default defineConfig({
  root: 'web',
  plugins: [react(), sharedHeadPlugin(web('index.html')), themeBootPlugin(), precachePlugin(), prerenderPlugin()],
  // Dark rules follow the device's Light / Dark / System choice (web/build/theme-plugin.ts).
  css: { postcss: { plugins: [colorSchemeChoice()] } },
  // The HEIC preview's worker (web/src/lib/heicPreview.worker.ts): one file, libheif's glue without Node's modules.
  worker: { plugins: () => [libheifNodeStubs()] },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: {
        landing: web('index.html'),
        main: web('app.html'),
        login: web('login.html'),
        signup: web('signup.html'),
        [SW_ENTRY]: web('src/sw/service-worker.ts'),
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === SW_ENTRY ? 'sw.js' : 'assets/[name]-[hash].js'),
        // The signed-in first screens in a few chunks rather than forty small ones (web/build/first-screen-chunks.ts).
        // Each group holds only what its screen imports (their dependencies are placed by their own group).
        codeSplitting: { groups: [{ name: firstScreenChunks(), debugName: 'first screens' }], includeDependenciesRecursively: false },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API, changeOrigin: false },
      '/uploads': { target: API, changeOrigin: false },
      '/socket.io': { target: API, ws: true, changeOrigin: false },
    },
  },
});
