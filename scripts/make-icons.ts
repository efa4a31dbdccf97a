// Draws the app's icons (web/public/icons) from the favicon's shape in headless Chromium: the
// manifest's 192 and 512 px icons, a maskable one with the glyph inside the safe zone, and the
// monochrome badge Android shows in the status bar. Run after changing the shape:
// node --import tsx scripts/make-icons.ts
import path from 'node:path';
import { launchBrowser } from '../web/e2e/browser.ts';

const PLANE = 'M7 18l18-8-6 14-3-5-5 3z';
const OUT = path.resolve('web/public/icons');

const svg = (size: number, kind: 'any' | 'maskable' | 'badge') => {
  const bg =
    kind === 'badge'
      ? ''
      : kind === 'maskable'
        ? `<rect width="32" height="32" fill="#1d4ed8"/>`
        : `<rect width="32" height="32" rx="7" fill="#1d4ed8"/>`;
  // Maskable: the glyph within the central 80% a launcher never crops.
  const glyph =
    kind === 'maskable'
      ? `<g transform="translate(3.2 3.2) scale(0.8)"><path d="${PLANE}" fill="white"/></g>`
      : `<path d="${PLANE}" fill="white"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">${bg}${glyph}</svg>`;
};

const browser = await launchBrowser();
const page = await browser.newPage();
for (const [name, size, kind] of [
  ['icon-192.png', 192, 'any'],
  ['icon-512.png', 512, 'any'],
  ['icon-maskable-512.png', 512, 'maskable'],
  ['badge-96.png', 96, 'badge'],
  ['apple-touch-icon.png', 180, 'maskable'],
] as const) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg(size, kind)}</body></html>`);
  await page.locator('svg').screenshot({ path: path.join(OUT, name), omitBackground: true });
}
await browser.close();
