// Every screen in both colour schemes (docs/decisions/0024): no serious or critical axe finding in light
// or dark, and screenshots at 1280 and 375 px of each kept under test-artifacts/layout/scheme-*.
// The screens hold real content: requests with screenshots (lists show their thumbnails), a match,
// an offer, a direct message and a chat photo, a schedule image.
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeAdmin, makeUser, type SignedInUser } from '../../server/test/factories.ts';
import { inDays, requestBody, requestForm } from '../../server/features/requests/requests.fixtures.ts';
import { seriousViolations } from './axe.ts';
import { hasChromium, newCrewContext } from './browser.ts';
import { layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

const SCHEMES = ['light', 'dark'] as const;
const SIGNED_OUT = ['/', '/login', '/signup', '/forgot-password'];
const SIGNED_IN = ['/', '/all-trades', '/matches', '/trades', '/messages', '/schedule', '/profile', '/contact-support'];

/** A screenshot-sized photo: a gradient, so the thumbnail shows something. */
const photo = async (name: string) => ({
  name,
  type: 'image/jpeg',
  bytes: await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .composite([
      { input: Buffer.from('<svg width="1600" height="1200"><circle cx="800" cy="600" r="400" fill="#f5b041"/></svg>'), top: 0, left: 0 },
    ])
    .jpeg()
    .toBuffer(),
});

let crew: { me: SignedInUser; mate: SignedInUser; admin: SignedInUser } | undefined;

/** One group with something on every screen (made once for the file). */
async function populated() {
  if (crew) return crew;
  const group = { base: 'SCH' };
  const me = await makeUser(suite.app, { ...group, firstName: 'Dana', lastName: 'Dark' });
  const mate = await makeUser(suite.app, { ...group, firstName: 'Lee', lastName: 'Light' });
  const admin = await makeAdmin(suite.app, { base: 'ADM' });
  const mine = await me.client.post(
    '/api/requests',
    requestForm(requestBody({ date: inDays(6), route: 'SCH101' }), [await photo('trip.jpg')]),
  );
  expect(mine.status).toBe(201);
  const theirs = await mate.client.post('/api/requests', requestBody({ type: 'pickup', date: inDays(6), route: 'Any' }));
  await mate.client.post('/api/requests', requestForm(requestBody({ date: inDays(8), route: 'SCH202' }), [await photo('other.jpg')]));
  await mate.client.post(
    '/api/trade-requests',
    requestForm(
      {
        toUserId: me.user.id,
        requestId: mine.body.id,
        tradeDate: mine.body.date,
        offerRoute: 'SCH303',
        requestType: 'pickup',
        message: 'I can take it',
      },
      [],
    ),
  );
  await mate.client.post(
    '/api/messages',
    requestForm({ toUserId: me.user.id, content: 'Photo of the roster' }, [{ ...(await photo('dm.jpg')), field: 'attachments' }]),
  );
  await me.client.post(
    '/api/base-chat',
    requestForm({ content: 'Crew room tonight', chatType: 'reserve' }, [{ ...(await photo('chat.jpg')), field: 'photos' }]),
  );
  await me.client.post('/api/schedule-images', requestForm({}, [{ ...(await photo('june.jpg')), field: 'schedule' }]));
  expect(theirs.status).toBe(201);
  crew = { me, mate, admin };
  return crew;
}

async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  // Lazy images below the fold are not awaited; the ones in view have loaded by networkidle.
}

/** Axe findings and a screenshot for the page in each scheme and width; returns the findings by name. */
async function check(open: (mobile: boolean) => Promise<Page>, name: string): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const mobile of [false, true]) {
    const page = suite.track(await open(mobile));
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await settle(page);
      // Buttons ease their colours over 0.15 s: let the switch of scheme finish before looking.
      await page.waitForTimeout(400);
      const label = `scheme-${scheme}-${name}-${mobile ? 375 : 1280}`;
      await saveScreenshot(page, label);
      const problems = [...(await seriousViolations(page)), ...(await layoutProblems(page))];
      if (problems.length) found[label] = problems;
    }
  }
  return found;
}

describe.skipIf(!hasChromium)('every screen in light and dark', () => {
  it.each(SIGNED_OUT)('signed out, %s', async (path) => {
    const found = await check(async (mobile) => {
      const page = await (await newCrewContext(suite.browser, suite.app.url, mobile)).newPage();
      await page.goto(path);
      return page;
    }, `out${path}`);
    expect(found).toEqual({});
  });

  it.each(SIGNED_IN)('signed in, %s', async (path) => {
    const { me } = await populated();
    const found = await check((mobile) => openAs(suite.browser, suite.app, me, path, mobile), `in${path}`);
    expect(found).toEqual({});
  });

  it('the admin screens', async () => {
    const { admin } = await populated();
    const found = await check((mobile) => openAs(suite.browser, suite.app, admin, '/admin', mobile), 'admin');
    expect(found).toEqual({});
  });

  it('lists show thumbnails (under 100 kB), the lightbox the full image', async () => {
    const { mate } = await populated();
    const page = suite.track(await openAs(suite.browser, suite.app, mate, '/all-trades'));
    const thumb = page.locator('.thumb img').first();
    await thumb.waitFor();
    const src = await thumb.getAttribute('src');
    expect(src).toMatch(/^\/uploads\/thumbs\/[a-f0-9]{32}\.jpg$/);
    const size = await page.evaluate(async (url) => (await (await fetch(url)).arrayBuffer()).byteLength, src!);
    expect(size).toBeLessThan(100 * 1024);
    await page.locator('.thumb-button').first().click();
    const full = page.locator('.lightbox-image');
    await full.waitFor();
    expect(await full.getAttribute('src')).toBe(src!.replace('/thumbs', ''));
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
    await page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(page, 'scheme-dark-lightbox-1280');
  });
});
