// Nothing in the way (issue 43, part 3): a toast, the upload bar or the new version's prompt never
// lies over a button, a link, a field or a heading. They show in the band under the navigation (the
// page moves down for them) or, with a dialog open, in a strip above its buttons, inside it. Checked
// by the rectangles of every visible control against every layer shown (layout-checks.ts's
// overlayProblems) on the dashboard, the tradeboard and messages, in the request, offer and profile
// setup dialogs, at 375 px and at 1280; and the admin's Users tab fits 375 px with a 70-character
// address. Screenshots under test-artifacts/layout/overlays-*.
import sharp from 'sharp';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeAdmin, makeUser, type SignedInUser } from '../../server/test/factories.ts';
import { inDays, requestBody } from '../../server/features/requests/requests.fixtures.ts';
import { SHELL_TEXT } from '../src/texts/shell.ts';
import { MESSAGING_TEXT } from '../src/texts/messaging.ts';
import { hasChromium } from './browser.ts';
import { deployProxy } from './deploy-proxy.ts';
import { layoutProblems, overlayProblems, PASSING_LAYERS, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();
const WIDTHS = [375, 1280] as const;

const photo = async (name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer(),
});

const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });
const uploading = (page: Page, files: number) => page.getByRole('status').filter({ hasText: SHELL_TEXT.uploadingImages(files) });

/** Layers shown anywhere but the band under the navigation or a dialog's strip above its buttons. */
const strayLayers = (page: Page) =>
  page
    .locator(PASSING_LAYERS)
    .evaluateAll((els) =>
      els.filter((el) => !el.closest('.status-band, .dialog-status')).map((el) => `${el.className}: ${el.textContent?.trim()}`),
    );

/**
 * Waits for the layers to settle (a toast slides in), then checks and keeps a screenshot; `seen` must
 * be among the layers. The band is part of the header that stays at the top: scrolled down, what
 * passes under the header is out of view like anything scrolled away, and the band takes its room
 * from the top of the view; so wherever the page is, the layers are in the band or a dialog's strip,
 * and at the top of the page, where nothing is under the header, no control lies under one.
 */
async function nothingCovered(page: Page, name: string, seen: RegExp) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  expect(await strayLayers(page), name).toEqual([]);
  const dialogOpen = (await page.locator('[role="dialog"], [role="alertdialog"]').count()) > 0;
  if (!dialogOpen) await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, `overlays-${name}`);
  const { layers, problems } = await overlayProblems(page);
  expect(layers.join(' | '), `${name}: the layer checked is shown`).toMatch(seen);
  expect(problems, name).toEqual([]);
}

/** A POST to `url` held until released: the upload bar shows meanwhile. Then it fails once, or goes through. */
async function holdPost(page: Page, url: string) {
  let release!: (answer: 'fail' | 'pass') => void;
  const held = new Promise<'fail' | 'pass'>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    if ((await held) === 'fail')
      return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The server is busy' }) });
    return route.continue();
  };
  await page.route(url, handler);
  return {
    fail: () => release('fail'),
    /** The next send goes through. */
    pass: async () => page.unroute(url, handler),
  };
}

let crew: { me: SignedInUser; mate: SignedInUser } | undefined;
async function group() {
  if (crew) return crew;
  const base = 'OVL';
  const me = await makeUser(suite.app, { base, firstName: 'Olive', lastName: 'Overlay' });
  const mate = await makeUser(suite.app, { base, firstName: 'Marco', lastName: 'Mate' });
  // One request of Marco's for each width's offer (an offer to the same request twice is refused).
  for (const width of WIDTHS)
    expect((await mate.client.post('/api/requests', requestBody({ date: inDays(7), route: `MAR${width}` }))).status).toBe(201);
  expect((await me.client.post('/api/requests', requestBody({ date: inDays(9), route: 'OVL900' }))).status).toBe(201);
  expect((await mate.client.post('/api/messages', { toUserId: me.user.id, content: 'Are you flying Tuesday?' })).status).toBe(201);
  crew = { me, mate };
  return crew;
}

describe.skipIf(!hasChromium)('toasts, uploads and the update prompt never cover a control or a heading', () => {
  it.each(WIDTHS)('the request dialog and the dashboard, at %i px', async (width) => {
    const { me } = await group();
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/', width === 375));
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await page.getByRole('button', { name: 'New Trade Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Trade Request' });
    await dialog.getByLabel('Trip Screenshots').setInputFiles(await Promise.all(['a', 'b', 'c'].map((n) => photo(`${n}.jpg`))));
    await dialog.getByLabel('Date', { exact: true }).fill(inDays(11));
    await dialog.getByLabel('Pairing', { exact: true }).fill(`OVL${width}`);

    // Sending: the bar is in the dialog, above its buttons.
    const post = await holdPost(page, '**/api/requests');
    await dialog.getByRole('button', { name: 'Post Request' }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: SHELL_TEXT.uploadingImages(3) })
      .waitFor();
    await nothingCovered(page, `${width}-request-dialog-uploading`, /upload-progress/);

    // Refused: the toast is in the dialog too, reachable, above Post Request.
    post.fail();
    const failed = dialog.locator('.toast').filter({ hasText: 'The server is busy' });
    await failed.waitFor();
    await nothingCovered(page, `${width}-request-dialog-failed`, /toast/);
    expect(await dialog.getByRole('alert').filter({ hasText: 'The server is busy' }).count()).toBe(1);

    // Sent: the dialog closes, and the toast takes the band under the navigation; the page moves down for it.
    await post.pass();
    await dialog.getByRole('button', { name: 'Post Request' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await toast(page, MSG.requestPosted).waitFor();
    await nothingCovered(page, `${width}-dashboard-posted`, /toast/);
    // Closing it gives the room back.
    await toast(page, MSG.requestPosted).getByRole('button', { name: 'Close notification' }).click();
    await expect.poll(() => page.locator('.status-band .toast').count()).toBe(0);
  });

  it.each(WIDTHS)('the offer dialog and the tradeboard, at %i px', async (width) => {
    const { me } = await group();
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/all-trades', width === 375));
    await page.getByRole('heading', { name: 'Tradeboard', level: 1 }).waitFor();
    const card = page.locator('.request-card').filter({ hasText: `MAR${width}` });
    await card.getByRole('button', { name: 'Request Trade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Trade with Marco Mate' });
    await dialog.waitFor();
    await dialog.getByLabel('Trade Date').fill(inDays(7));
    await dialog.getByLabel('Your Pairing').fill(`OVL${width}X`);
    await dialog.getByLabel('Screenshots').setInputFiles([await photo('mine.jpg'), await photo('more.jpg')]);

    const post = await holdPost(page, '**/api/trade-requests');
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: SHELL_TEXT.uploadingImages(2) })
      .waitFor();
    await nothingCovered(page, `${width}-offer-dialog-uploading`, /upload-progress/);

    post.fail();
    await dialog.locator('.toast').filter({ hasText: 'The server is busy' }).waitFor();
    await nothingCovered(page, `${width}-offer-dialog-failed`, /toast/);
    // The toast's close button is in the dialog: it can be reached and used while the dialog is open.
    await dialog.locator('.toast').getByRole('button', { name: 'Close notification' }).click();
    await expect.poll(() => dialog.locator('.toast').count()).toBe(0);

    await post.pass();
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await toast(page, MSG.offerSentTitle).waitFor();
    // Scrolled down the board, a control passing under the header comes clear of it when focused
    // (the header's height is the page's scroll-padding).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const clear = await page.evaluate(async () => {
      // Two frames: the header's height (a line such as "Catching up…" may just have joined the
      // band) reaches --app-top-height by its ResizeObserver, which runs before the next paint.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const bottom = document.querySelector('.app-top')!.getBoundingClientRect().bottom;
      const under = Array.from(document.querySelectorAll<HTMLElement>('main button, main a[href]')).find((el) => {
        const r = el.getBoundingClientRect();
        return r.height > 0 && r.top < bottom && r.bottom > 0;
      });
      if (!under) return 'nothing under the header';
      under.focus();
      return under.getBoundingClientRect().top >= bottom - 1 ? 'clear' : `${under.textContent} still under the header`;
    });
    // (The board at 1280 px may be shorter than the window.)
    if (width === 375) expect(clear).toBe('clear');
    else expect(['clear', 'nothing under the header']).toContain(clear);
    await nothingCovered(page, `${width}-tradeboard-offer-sent`, /toast/);
  });

  it.each(WIDTHS)('messages: the upload bar and a failed send, at %i px', async (width) => {
    const { me, mate } = await group();
    const page = suite.track(await openAs(suite.browser, suite.app, me, `/messages?user=${mate.user.id}`, width === 375));
    const box = page.getByRole('textbox', { name: 'Message to Marco Mate' });
    await box.waitFor();
    await page.locator(`input[type="file"][aria-label="${MESSAGING_TEXT.attachImages}"]`).setInputFiles([await photo('roster.jpg')]);
    await box.fill('My roster for next week');
    const post = await holdPost(page, '**/api/messages');
    await box.press('Enter');
    await uploading(page, 1).waitFor();
    await nothingCovered(page, `${width}-messages-uploading`, /upload-progress/);
    post.fail();
    await toast(page, 'The server is busy').waitFor();
    await nothingCovered(page, `${width}-messages-send-failed`, /toast/);
    // The composer is still in reach: the send can be tried again at once.
    expect(await box.inputValue()).toBe('My roster for next week');
    await post.pass();
  });

  it.each(WIDTHS)('the profile setup dialog: a failed Complete Setup, at %i px', async (width) => {
    const newcomer = await makeUser(suite.app, { profile: false, firstName: 'Nina', lastName: 'New' });
    const page = suite.track(await openAs(suite.browser, suite.app, newcomer, '/', width === 375));
    const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
    await dialog.waitFor();
    await dialog.getByLabel('Employee Number').fill(`N${width}`);
    await dialog.getByLabel('Base').fill('OVL');
    await page.route('**/api/profile', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The server is busy' }) }),
    );
    await dialog.getByRole('button', { name: 'Complete Setup' }).click();
    await dialog.locator('.toast').filter({ hasText: 'The server is busy' }).waitFor();
    await nothingCovered(page, `${width}-setup-failed`, /toast/);
    // The button stays in reach, in the body above the toast's strip.
    await dialog.getByRole('button', { name: 'Complete Setup' }).scrollIntoViewIfNeeded();
    await nothingCovered(page, `${width}-setup-failed-scrolled`, /toast/);
  });

  it.each(WIDTHS)('the new version’s prompt takes the band, under the navigation and over nothing, at %i px', async (width) => {
    const { me } = await group();
    const proxy = await deployProxy(suite.app.url);
    try {
      const page = suite.track(await openAs(suite.browser, { ...suite.app, url: proxy.url }, me, '/', width === 375, 'allow'));
      await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      proxy.deploy();
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      await page.getByRole('status').filter({ hasText: SHELL_TEXT.newVersionAvailable }).waitFor();
      await nothingCovered(page, `${width}-update-prompt`, /update-prompt/);
      // A toast meanwhile (a failed chat send on the dashboard) stands under the prompt, over nothing either.
      await page.route('**/api/base-chat', (route) =>
        route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'no' }) : route.continue(),
      );
      const chat = page.getByRole('textbox', { name: 'Message to Reserve Chat' });
      await chat.fill('Anyone for coffee?');
      await chat.press('Enter');
      await toast(page, MSG.chatSendFailed).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await nothingCovered(page, `${width}-update-prompt-and-toast`, /update-prompt.*toast|toast.*update-prompt/);
    } finally {
      await proxy.close();
    }
  });
});

describe.skipIf(!hasChromium)('Administrator Settings at 375 px', () => {
  it('the Users tab fits with a 70-character address; at 1280 the table shows it whole', async () => {
    const admin = await makeAdmin(suite.app, { firstName: 'Ada', lastName: 'Admin', base: 'ADM' });
    const email = `maximiliana.josephine.vanderbilt-oppenheimer.${'x'.repeat(13)}@example.com`;
    expect(email).toHaveLength(70);
    await makeUser(suite.app, { email, firstName: 'Maximiliana-Josephine', lastName: 'Vanderbilt-Oppenheimer', base: 'ADM' });
    for (const width of [375, 1280] as const) {
      const page = suite.track(await openAs(suite.browser, suite.app, admin, '/admin?tab=users', width === 375));
      const row = page.locator('li.row-card, tr').filter({ hasText: 'Vanderbilt-Oppenheimer' });
      await row.waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}: the page's width`).toBeLessThanOrEqual(width);
      // The whole address shows (wrapped), not cut with an ellipsis.
      const address = row.locator('.admin-email');
      expect((await address.textContent())?.trim()).toBe(email);
      expect(await address.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      // The tabs: each label whole, none running into the next.
      const tabs = await page.getByRole('tab').evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, fits: el.scrollWidth <= el.clientWidth + 1 };
        }),
      );
      expect(tabs.every((t) => t.fits)).toBe(true);
      for (const [i, a] of tabs.entries())
        for (const b of tabs.slice(i + 1))
          expect(a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5).toBe(true);
      await saveScreenshot(page, `overlays-${width}-admin-users-long-address`);
      expect(await layoutProblems(page)).toEqual([]);
    }
  });
});
