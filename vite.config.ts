// Vite builds the web app from web/ into dist/web, which the Koa server serves (server/app.ts).
// In development the API, uploaded files and Socket.IO are proxied to the server on port 3000.
// The service worker is a second entry, built to /sw.js with the build's file list (web/build).
// The landing page is prerendered into index.html; app.html is the empty shell (web/build).
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precachePlugin, SW_ENTRY } from './web/build/precache-plugin.ts';
import { prerenderPlugin } from './web/build/prerender-plugin.ts';

const API = 'http://localhost:3000';
const web = (file: string) => fileURLToPath(new URL(`./web/${file}`, import.meta.url));

export default defineConfig({
  root: 'web',
  plugins: [react(), precachePlugin(), prerenderPlugin()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: { main: web('index.html'), [SW_ENTRY]: web('src/sw/service-worker.ts') },
      output: {
        entryFileNames: (chunk) => (chunk.name === SW_ENTRY ? 'sw.js' : 'assets/[name]-[hash].js'),
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
