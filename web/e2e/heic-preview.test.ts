// HEIC photos previewed before they are sent (issue 43, part 4): Chromium shows no HEIC, so a picked
// iPhone photo (an HEVC-coded HEIC, server/test/fixtures) was a broken image in the composers and a
// blank tile in the request and offer dialogs. Now its preview is a JPEG made in the browser by
// libheif's WASM build on a worker, fetched only then (not by the first screen, not for a JPEG, not
// precached) and allowed by the pages' CSP. A file that cannot be decoded shows its kind, never a
// blank. The photo sent is the file as picked. At 1280 and 375 px, with screenshots.
import fs from 'node:fs/promises';
import path from 'node:path';
import decodeHeic from 'heic-decode';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeUser, type SignedInUser } from '../../server/test/factories.ts';
import { inDays, requestBody } from '../../server/features/requests/requests.fixtures.ts';
import { CHAT_TEXT } from '../src/texts/chat.ts';
import { MESSAGING_TEXT } from '../src/texts/messaging.ts';
import { hasChromium } from './browser.ts';
import { layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();
const WIDTHS = [1280, 375] as const;
const FIXTURE = path.resolve(import.meta.dirname, '../../server/test/fixtures/hevc-with-gps.heic');

const heic = async (name = 'IMG_0042.HEIC') => ({ name, mimeType: 'image/heic', buffer: await fs.readFile(FIXTURE) });

/** What the page fetched of the decoder (its worker and its WASM), and what the CSP refused. */
function watch(page: Page) {
  const decoder: string[] = [];
  const refused: string[] = [];
  page.on('request', (r) => {
    if (/heicPreview\.worker-|libheif-.*\.wasm/.test(r.url())) decoder.push(new URL(r.url()).pathname);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to|WebAssembly/i.test(m.text())) refused.push(m.text());
  });
  return { decoder, refused };
}

/** The preview's size as decoded by the browser; 0 while it is not an image it can show. */
const shownSize = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => (el.complete ? `${el.naturalWidth}x${el.naturalHeight}` : '0x0'));

/** The fixture's middle pixel, as the server's decoder (libheif under Node) reads it. */
async function middlePixel(): Promise<number[]> {
  const { width, height, data } = await decodeHeic({ buffer: await fs.readFile(FIXTURE) });
  const at = (Math.floor(height / 2) * width + Math.floor(width / 2)) * 4;
  return Array.from(data.slice(at, at + 3));
}

/**
 * The fixture is 96 x 64 pixels: its preview keeps them (under the 640 px preview side), and shows
 * the photo (its middle pixel as the server decodes it, within a JPEG's error).
 */
async function previewed(tile: Locator) {
  const img = tile.locator('img');
  await img.waitFor();
  await expect.poll(() => shownSize(img), { timeout: 20_000 }).toBe('96x64');
  expect(await img.getAttribute('src')).toMatch(/^blob:/);
  expect(await img.getAttribute('alt')).toBe('IMG_0042.HEIC');
  const shown = await img.evaluate((el: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = el.naturalWidth;
    canvas.height = el.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(el, 0, 0);
    return Array.from(context.getImageData(Math.floor(el.naturalWidth / 2), Math.floor(el.naturalHeight / 2), 1, 1).data.slice(0, 3));
  });
  const expected = await middlePixel();
  for (const [i, value] of shown.entries())
    expect(Math.abs(value - expected[i]!), `channel ${i}: ${shown} vs ${expected}`).toBeLessThanOrEqual(12);
}

let crew: { me: SignedInUser; mate: SignedInUser } | undefined;
async function group() {
  if (crew) return crew;
  const me = await makeUser(suite.app, { base: 'HEI', firstName: 'Hana', lastName: 'Heic' });
  const mate = await makeUser(suite.app, { base: 'HEI', firstName: 'Ivo', lastName: 'Iphone' });
  for (const width of WIDTHS)
    expect((await mate.client.post('/api/requests', requestBody({ date: inDays(8), route: `IVO${width}` }))).status).toBe(201);
  expect((await mate.client.post('/api/messages', { toUserId: me.user.id, content: 'Send me your roster?' })).status).toBe(201);
  crew = { me, mate };
  return crew;
}

describe.skipIf(!hasChromium)('a HEIC photo’s preview before it is sent', () => {
  it.each(WIDTHS)('in the request and offer dialogs, at %i px', async (width) => {
    const { me } = await group();
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/all-trades', width === 375));
    const seen = watch(page);
    await page.getByRole('heading', { name: 'Tradeboard', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(seen.decoder, 'the first screen fetches no decoder').toEqual([]);

    await page.getByRole('button', { name: 'New Trade Request' }).click();
    const request = page.getByRole('dialog', { name: 'New Trade Request' });
    // A JPEG needs no decoder.
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    await request.getByLabel('Trip Screenshots').setInputFiles([{ name: 'trip.jpg', mimeType: 'image/jpeg', buffer: jpeg }]);
    await expect.poll(() => shownSize(request.locator('.thumb img').first())).toBe('40x30');
    expect(seen.decoder).toEqual([]);

    await request.getByLabel('Trip Screenshots').setInputFiles([await heic()]);
    await previewed(request.locator('.thumb').nth(1));
    expect(seen.decoder.filter((p) => p.endsWith('.wasm'))).toHaveLength(1);
    await request.locator('.thumb').nth(1).scrollIntoViewIfNeeded();
    await saveScreenshot(page, `${width}-heic-request-dialog`);
    expect(await layoutProblems(page)).toEqual([]);
    await request.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => request.count()).toBe(0);

    const card = page.locator('.request-card').filter({ hasText: `IVO${width}` });
    await card.getByRole('button', { name: 'Request Trade' }).click();
    const offer = page.getByRole('dialog', { name: 'Request Trade with Ivo Iphone' });
    await offer.getByLabel('Screenshots').setInputFiles([await heic()]);
    await previewed(offer.locator('.thumb').first());
    await offer.locator('.thumb').first().scrollIntoViewIfNeeded();
    await saveScreenshot(page, `${width}-heic-offer-dialog`);
    // The offer goes with the photo as picked; the server stores a JPEG of it.
    await offer.getByLabel('Trade Date').fill(inDays(8));
    await offer.getByLabel('Your Pairing').fill(`HANA${width}`);
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/trade-requests') && r.request().method() === 'POST');
    await offer.getByRole('button', { name: 'Send Request' }).click();
    expect((await sent).status()).toBe(201);
    expect(seen.refused).toEqual([]);
  });

  it.each(WIDTHS)('in a direct message and the base chat, and a file it cannot decode shows its kind, at %i px', async (width) => {
    const { me, mate } = await group();
    const page = suite.track(await openAs(suite.browser, suite.app, me, `/messages?user=${mate.user.id}`, width === 375));
    const seen = watch(page);
    const box = page.getByRole('textbox', { name: 'Message to Ivo Iphone' });
    await box.waitFor();
    await page.locator(`input[type="file"][aria-label="${MESSAGING_TEXT.attachImages}"]`).setInputFiles([await heic()]);
    await previewed(page.locator('.attachment-preview').first());
    // A file named .heic that is no image: its tile says HEIC, not a broken image.
    await page
      .locator(`input[type="file"][aria-label="${MESSAGING_TEXT.attachImages}"]`)
      .setInputFiles([{ name: 'broken.heic', mimeType: 'image/heic', buffer: Buffer.from('not a photo at all') }]);
    const broken = page.getByRole('img', { name: 'broken.heic', exact: true });
    await broken.waitFor({ timeout: 20_000 });
    expect((await broken.textContent())?.trim()).toBe('HEIC');
    await saveScreenshot(page, `${width}-heic-direct-message`);
    expect(await layoutProblems(page)).toEqual([]);
    // Sent as picked: the thread shows the server's JPEG once it is there.
    await page.locator('.attachment-preview').filter({ has: broken }).getByRole('button', { name: 'Remove broken.heic' }).click();
    await box.fill('My roster, from the phone');
    await box.press('Enter');
    const sentImage = page.locator('.message-image img').first();
    await expect.poll(() => shownSize(sentImage), { timeout: 20_000 }).not.toBe('0x0');

    await page.goto('/');
    const chat = page.locator(`input[type="file"][aria-label="${CHAT_TEXT.attachPhotos}"]`);
    await chat.setInputFiles([await heic()]);
    await previewed(page.locator('.attachment-preview').first());
    await page.locator('.attachment-preview').first().scrollIntoViewIfNeeded();
    await saveScreenshot(page, `${width}-heic-base-chat`);
    expect(seen.refused).toEqual([]);
  });
});
