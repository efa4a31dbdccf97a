// Schedule images and crew profiles in the browser: upload by drag and drop (two images, one call
// each) and the type rule's "Invalid File Type"; a colleague of the same group sees the images on
// the crew profile with Request Trade; one's own profile has none; Back follows the spec's rules;
// a missing or out-of-group profile is "Profile Not Found". Layout and screenshots at 1280 and 375
// px with long and short names, no images and many.
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { ScheduleImageItem } from '#protocol/shapes.ts';
import { makeUser, type SignedInUser } from '../../server/test/factories.ts';
import { hasChromium } from './browser.ts';
import { layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { seriousViolations } from './axe.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

/**
 * A real PNG that looks like a roster screenshot: a coloured header band and a grid of day cells,
 * some of them filled (so the thumbnails and the lightbox show something a person would recognise).
 */
function rosterPng(hue: [number, number, number], width = 180, height = 240): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const cellX = Math.floor(x / 25);
      const cellY = Math.floor((y - 40) / 28);
      const line = y > 40 && (x % 25 === 0 || (y - 40) % 28 === 0);
      const filled = y > 40 && (cellX + cellY * 7) % 3 === 0;
      const [r, g, b] = y < 40 ? hue : line ? [200, 206, 214] : filled ? hue.map((c) => 255 - (255 - c) / 3) : [255, 255, 255];
      row.set([r!, g!, b!], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BLUE: [number, number, number] = [29, 78, 216];
const GREEN: [number, number, number] = [21, 128, 61];
const AMBER: [number, number, number] = [180, 83, 9];

/**
 * Drags files onto the drop zone as a person would: dragenter, dragover, then drop, with one
 * DataTransfer built in the page. The events go one at a time, as a real drag spreads them over
 * time (the drop zone reads the dragged files asynchronously on dragenter).
 */
async function dropFiles(page: Page, files: { name: string; type: string; bytes: Buffer }[]) {
  const zone = page.getByRole('group', { name: 'Drag and drop schedule screenshots here' });
  const data = await page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const f of list) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], f.name, { type: f.type }));
      }
      return transfer;
    },
    files.map((f) => ({ name: f.name, type: f.type, base64: f.bytes.toString('base64') })),
  );
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await zone.evaluate(
      (el, [t, transfer]) => el.dispatchEvent(new DragEvent(t, { bubbles: true, cancelable: true, dataTransfer: transfer })),
      [type, data] as const,
    );
    if (type === 'dragover') await expect.poll(() => zone.getByText('Drop to upload').isVisible()).toBe(true);
  }
  await data.dispose();
}

const scheduleOf = async (crew: SignedInUser) => (await crew.client.get('/api/schedule-images')).body as ScheduleImageItem[];

async function uploadByApi(crew: SignedInUser, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('schedule', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const res = await crew.client.post('/api/schedule-images', form);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.text}`);
}

const toast = (page: Page, title: string) => page.locator('.toast').filter({ has: page.getByText(title, { exact: true }) });

/** Waits for the page to settle (images loaded, nothing loading) before a screenshot. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.getByText('Loading...').count()).toBe(0);
  await expect.poll(() => page.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete))).toBe(true);
}

async function checkLayout(page: Page, name: string) {
  await settle(page);
  await saveScreenshot(page, name);
  expect(await layoutProblems(page), name).toEqual([]);
}

describe.skipIf(!hasChromium)('schedule images and crew profiles', () => {
  it('A uploads two images by drag and drop, a colleague sees them on the crew profile with Request Trade', async () => {
    const group = { base: 'SCH' };
    const a = await makeUser(suite.app, { ...group, firstName: 'Avery', lastName: 'Kincaid', position: 'first_officer' });
    const b = await makeUser(suite.app, { ...group, firstName: 'Blake', lastName: 'Ng', position: 'first_officer' });

    const page = suite.track(await openAs(suite.browser, suite.app, a, '/schedule'));
    await page.getByRole('heading', { name: 'Schedule', level: 1 }).waitFor();
    await expect.poll(() => page.getByText('No schedule images yet').isVisible(), { timeout: 10_000 }).toBe(true);
    await checkLayout(page, '1280-schedule-empty');

    await dropFiles(page, [
      { name: 'march-roster.png', type: 'image/png', bytes: rosterPng(BLUE) },
      { name: 'april-roster.png', type: 'image/png', bytes: rosterPng(GREEN) },
    ]);
    await expect.poll(() => toast(page, MSG.scheduleUploadedTitle).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await toast(page, MSG.scheduleUploadedTitle).getByText('2 schedule images uploaded').isVisible()).toBe(true);
    expect(await page.getByText('Drop to upload').count()).toBe(0);
    const tiles = page.getByRole('list', { name: 'Your Schedule Images' }).getByRole('listitem');
    await expect.poll(() => tiles.count()).toBe(2);
    // Newest first: the second file went up last.
    expect(await tiles.locator('.schedule-tile-name').allTextContents()).toEqual(['april-roster.png', 'march-roster.png']);
    expect((await scheduleOf(a)).map((i) => i.originalName).sort()).toEqual(['april-roster.png', 'march-roster.png']);
    await checkLayout(page, '1280-schedule-two-images');

    // A file outside the type rule, picked or dropped: "Invalid File Type", and nothing is sent.
    await page
      .getByLabel('Schedule images', { exact: true })
      .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await expect.poll(() => toast(page, MSG.scheduleInvalidTypeTitle).isVisible()).toBe(true);
    expect(await toast(page, MSG.scheduleInvalidTypeTitle).getByText(MSG.scheduleInvalidType).isVisible()).toBe(true);
    await dropFiles(page, [
      { name: 'may-roster.png', type: 'image/png', bytes: rosterPng(AMBER) },
      { name: 'roster.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4') },
    ]);
    await expect.poll(() => toast(page, MSG.scheduleInvalidTypeTitle).isVisible()).toBe(true);
    expect(await scheduleOf(a)).toHaveLength(2);
    expect(await tiles.count()).toBe(2);

    // One image through the picker: the singular text.
    await page
      .getByLabel('Schedule images', { exact: true })
      .setInputFiles([{ name: 'may-roster.png', mimeType: 'image/png', buffer: rosterPng(AMBER) }]);
    await expect.poll(() => toast(page, MSG.scheduleUploadedTitle).getByText('1 schedule image uploaded').isVisible()).toBe(true);
    await expect.poll(() => tiles.count()).toBe(3);

    // A thumbnail opens the lightbox; Escape closes it.
    await page.getByRole('button', { name: 'View march-roster.png' }).click();
    const lightbox = page.getByRole('dialog', { name: 'march-roster.png' });
    await expect.poll(() => lightbox.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(180);
    await page.keyboard.press('Escape');
    await expect.poll(() => lightbox.count()).toBe(0);

    // Delete asks first; Cancel keeps the image, Delete removes it.
    await page.getByRole('button', { name: 'Delete may-roster.png' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Delete Schedule Image' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => ask.count()).toBe(0);
    expect(await tiles.count()).toBe(3);
    await page.getByRole('button', { name: 'Delete may-roster.png' }).click();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => toast(page, 'Schedule image deleted').isVisible()).toBe(true);
    await expect.poll(() => tiles.count()).toBe(2);
    expect((await scheduleOf(a)).map((i) => i.originalName).sort()).toEqual(['april-roster.png', 'march-roster.png']);
    expect(await seriousViolations(page)).toEqual([]);

    // Back goes to the dashboard.
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Colleague B opens A's crew profile from the tradeboard route.
    const pb = suite.track(await openAs(suite.browser, suite.app, b, `/crew/${a.user.id}`));
    await pb.getByRole('heading', { name: 'Avery Kincaid', level: 1 }).waitFor({ timeout: 10_000 });
    const hero = pb.locator('.profile-hero');
    expect(await hero.getByText(a.user.employeeNumber!, { exact: true }).isVisible()).toBe(true);
    expect(await hero.getByText('Delta', { exact: true }).isVisible()).toBe(true);
    expect(await hero.getByText('First Officer', { exact: true }).isVisible()).toBe(true);
    expect(await pb.locator('.profile-avatar').textContent()).toBe('AK');
    const seen = pb.getByRole('list', { name: "Avery Kincaid's schedule images" }).getByRole('listitem');
    await expect.poll(() => seen.count()).toBe(2);
    expect(await seen.locator('.schedule-tile-name').allTextContents()).toEqual(['april-roster.png', 'march-roster.png']);
    await checkLayout(pb, '1280-crew-profile-colleague');
    expect(await seriousViolations(pb)).toEqual([]);

    // Request Trade opens the trade dialog addressed to A.
    await pb.getByRole('button', { name: 'Request Trade' }).click();
    const offer = pb.getByRole('dialog');
    await expect.poll(() => offer.count(), { timeout: 10_000 }).toBe(1);
    expect(await offer.textContent()).toContain('Avery Kincaid');
    await saveScreenshot(pb, '1280-crew-profile-request-trade');
    await pb.keyboard.press('Escape');
    await expect.poll(() => offer.count()).toBe(0);

    // Back from /crew/{id} goes to the tradeboard.
    await pb.getByRole('link', { name: 'Back' }).click();
    await pb.waitForURL((url) => url.pathname === '/all-trades');

    // A on their own profile: no Request Trade; a way to the schedule page instead.
    await page.goto(`/profile/${a.user.id}`);
    await page.getByRole('heading', { name: 'Avery Kincaid', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('list', { name: "Avery Kincaid's schedule images" }).getByRole('listitem').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Request Trade' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Manage Schedule' }).getAttribute('href')).toBe('/schedule');
  });

  it('Back follows where the profile was opened from', async () => {
    const group = { base: 'BCK' };
    const a = await makeUser(suite.app, { ...group, firstName: 'Ari' });
    const b = await makeUser(suite.app, { ...group, firstName: 'Bo' });
    const page = suite.track(await openAs(suite.browser, suite.app, b, `/profile/${a.user.id}?from=messages`));
    const back = page.getByRole('link', { name: 'Back' });
    const cases: [string, string][] = [
      [`/profile/${a.user.id}?from=messages`, `/messages?user=${a.user.id}`],
      [`/profile/${a.user.id}?from=matches`, '/matches'],
      [`/profile/${a.user.id}?from=dashboard`, '/'],
      [`/profile/${a.user.id}`, '/'],
      [`/crew/${a.user.id}`, '/all-trades'],
    ];
    for (const [from, to] of cases) {
      await page.goto(from);
      await page.getByRole('heading', { name: 'Ari Crew', level: 1 }).waitFor({ timeout: 10_000 });
      expect(await back.getAttribute('href'), from).toBe(to);
    }
    // Followed: from matches to the matches page, from messages to the conversation.
    await page.goto(`/profile/${a.user.id}?from=matches`);
    await back.click();
    await page.waitForURL((url) => url.pathname === '/matches');
    await page.goto(`/profile/${a.user.id}?from=messages`);
    await back.click();
    await page.waitForURL((url) => url.pathname === '/messages');
  });

  it('"Profile Not Found" for a missing id or crew of another group, with Go Back', async () => {
    const a = await makeUser(suite.app, { base: 'NFD', firstName: 'Ada' });
    const outsider = await makeUser(suite.app, { base: 'OTH', firstName: 'Oz' });
    const page = suite.track(await openAs(suite.browser, suite.app, outsider, '/crew/999999'));
    await page.getByRole('heading', { name: MSG.profileNotFoundTitle }).waitFor({ timeout: 10_000 });
    expect(await page.getByText(MSG.profileNotFound).isVisible()).toBe(true);
    await checkLayout(page, '1280-profile-not-found');
    // Opened directly (no page of the app before it): Go Back goes home.
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Another base: the profile exists but is not theirs to see. Go Back returns to the page before.
    await page.goto('/all-trades');
    await page.getByRole('heading', { name: 'Tradeboard' }).waitFor();
    await page.evaluate((id) => {
      // A click on an in-app link, as the tradeboard's crew links do.
      window.history.pushState({ ...(window.history.state as object), idx: 1 }, '', `/crew/${id}`);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, a.user.id);
    await page.getByRole('heading', { name: MSG.profileNotFoundTitle }).waitFor();
    expect(await page.getByText('Ada Crew').count()).toBe(0);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/all-trades');
  });

  describe.each([
    { width: '1280', mobile: false },
    { width: '375', mobile: true },
  ])('at $width px', ({ width, mobile }) => {
    it('long name with many images, short name with none, the schedule page full and empty', async () => {
      const group = { base: `L${width.slice(0, 2)}` };
      const long = await makeUser(suite.app, {
        ...group,
        firstName: 'Maximiliana-Josephine',
        lastName: 'Featherstonehaugh-Worthington',
        position: 'flight_attendant',
        employeeNumber: `FA-${width}-000123456789`,
      });
      const short = await makeUser(suite.app, { ...group, firstName: 'Bo', lastName: 'Li', position: 'flight_attendant' });
      const hues = [BLUE, GREEN, AMBER, [124, 58, 237], [190, 18, 60], [14, 116, 144], [71, 85, 105]] as [number, number, number][];
      for (const [i, hue] of hues.entries()) {
        const name = i === 2 ? 'a-very-long-schedule-screenshot-file-name-from-the-crew-portal-export.png' : `roster-${i + 1}.png`;
        await uploadByApi(long, name, rosterPng(hue));
      }

      const page = suite.track(await openAs(suite.browser, suite.app, short, `/crew/${long.user.id}`, mobile));
      await page.getByRole('heading', { name: 'Maximiliana-Josephine Featherstonehaugh-Worthington' }).waitFor({ timeout: 10_000 });
      await expect.poll(() => page.locator('.schedule-tile img').count()).toBe(7);
      expect(await page.locator('.profile-avatar').textContent()).toBe('MF');
      expect(await page.getByText('Flight Attendant', { exact: true }).isVisible()).toBe(true);
      await checkLayout(page, `${width}-crew-profile-long-name-many-images`);

      await page.goto(`/crew/${short.user.id}`);
      await page.getByRole('heading', { name: 'Bo Li', level: 1 }).waitFor();
      expect(await page.getByText('No schedule images shared yet').isVisible()).toBe(true);
      await checkLayout(page, `${width}-crew-profile-own-no-images`);

      const other = suite.track(await openAs(suite.browser, suite.app, long, `/crew/${short.user.id}`, mobile));
      await other.getByRole('heading', { name: 'Bo Li', level: 1 }).waitFor({ timeout: 10_000 });
      expect(await other.getByRole('button', { name: 'Request Trade' }).isVisible()).toBe(true);
      await checkLayout(other, `${width}-crew-profile-short-name-no-images`);

      await other.goto('/schedule');
      await expect.poll(() => other.locator('.schedule-tile img').count(), { timeout: 10_000 }).toBe(7);
      await checkLayout(other, `${width}-schedule-many-images`);
      await other.goto('/crew/999999');
      await other.getByRole('heading', { name: MSG.profileNotFoundTitle }).waitFor();
      await checkLayout(other, `${width}-profile-not-found`);
    });
  });
});
