// The installable app (docs/decisions/0013): the manifest and icons, the service worker that opens the app
// shell with no network and says so, and push notifications on Profile Settings through the real
// worker. Headless Chromium has no push service (its subscribe() fails "Registration failed -
// permission denied"), so the page's PushManager hands out a subscription to the suite's local
// TLS push endpoint; the rest is real: the server encrypts and sends there, the endpoint decrypts,
// and what it received is delivered to the worker over the DevTools protocol, which shows it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_TEXT, type PushInfo } from '#protocol/push.ts';
import { makeUser } from '../../server/test/factories.ts';
import { startPushEndpoint, type PushEndpoint, type TestDevice } from '../../server/test/push-endpoint.ts';
import { seriousViolations } from './axe.ts';
import { hasChromium } from './browser.ts';
import { layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

let endpoint: PushEndpoint;
beforeAll(async () => {
  endpoint = await startPushEndpoint();
});
afterAll(async () => {
  await endpoint?.close();
});
const suite = browserSuite(() => endpoint.env);

/** The page's PushManager answers with `device`'s subscription, kept across reloads in sessionStorage. */
async function stubPushManager(page: Page, device: TestDevice) {
  await page.context().addInitScript((sub) => {
    const KEY = 'test.push.subscribed';
    const make = () => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => {
        sessionStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      sessionStorage.setItem(KEY, String(options?.applicationServerKey ?? ''));
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (sessionStorage.getItem(KEY) !== null ? make() : null) as unknown as PushSubscription | null;
    };
  }, device.subscription);
}

/** Hands a payload the endpoint decrypted to the app's worker, as the browser's push service would. */
async function deliver(page: Page, payload: unknown) {
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => resolve(e.registrations)),
  );
  await cdp.send('ServiceWorker.enable');
  const [registration] = (await registrations).filter((r) => r.scopeURL.startsWith(suite.app.url));
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: suite.app.url,
    registrationId: registration!.registrationId,
    data: JSON.stringify(payload),
  });
  await cdp.detach();
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as unknown,
    })),
  );

describe.skipIf(!hasChromium)('the installable app', () => {
  it('has a manifest with its icons, and a worker that opens the shell with no network and says so', async () => {
    const me = await makeUser(suite.app, { firstName: 'Offline', lastName: 'Olga' });
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/', true, 'allow'));
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();

    const manifestPath = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await fetch(suite.app.url + manifestPath)).json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Crewtrade', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const res = await fetch(suite.app.url + icon.src);
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
    }

    // Installed and in control of the page, with the shell cached.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await page.context().setOffline(true);
    expect(
      await page.evaluate(() =>
        fetch('/api/auth/user').then(
          () => 'reached',
          () => 'no network',
        ),
      ),
    ).toBe('no network');
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor();
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await page.goto('/matches');
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await saveScreenshot(page, '375-offline-matches');
    expect(await layoutProblems(page)).toEqual([]);

    await page.context().setOffline(false);
    await expect.poll(() => page.getByText('You are offline.').count()).toBe(0);
  });

  it.each([false, true])(
    'push on this device: on, a test notification, a colleague’s message shown by the worker, off (375 px: %s)',
    async (mobile) => {
      const group = { airline: 'Delta' as const, base: mobile ? 'PWM' : 'PWA', position: 'captain' as const };
      const me = await makeUser(suite.app, { ...group, firstName: 'Pia', lastName: 'Push' });
      const mate = await makeUser(suite.app, { ...group, firstName: 'Mo', lastName: 'Mate' });
      const device = endpoint.device();
      const page = suite.track(await openAs(suite.browser, suite.app, me, '/', mobile, 'allow'));
      await page.context().grantPermissions(['notifications'], { origin: suite.app.url });
      await stubPushManager(page, device);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.goto('/profile');

      const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Push Notifications' }) });
      const toggle = card.getByRole('switch', { name: 'Push notifications on this device' });
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      await toggle.click();
      await page.locator('.toast').filter({ hasText: 'Push notifications on' }).waitFor();
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      await card.getByText('On for 1 device of yours.').waitFor();
      const info = (await me.client.get<PushInfo>('/api/push')).body;
      expect(info.devices).toBe(1);
      // The browser subscribed with the server's key.
      expect(await page.evaluate(() => sessionStorage.getItem('test.push.subscribed'))).toBe(info.publicKey);

      await card.getByRole('button', { name: 'Send a test notification' }).click();
      await page.locator('.toast').filter({ hasText: 'Test notification sent to 1 device' }).waitFor();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await saveScreenshot(page, `${mobile ? 375 : 1280}-profile-push`);
      expect(await layoutProblems(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      await expect.poll(() => device.received.length).toBe(1);
      await deliver(page, device.received[0]!.payload);
      await expect
        .poll(() => shownNotifications(page))
        .toEqual([{ title: PUSH_TEXT.testTitle, body: PUSH_TEXT.testBody, tag: 'test', data: { url: '/profile' } }]);

      // A colleague writes: the endpoint gets it encrypted, the worker shows it, and it leads to the conversation.
      await mate.client.post('/api/messages', { toUserId: me.user.id, content: 'Can you take my Tuesday trip?' });
      await expect.poll(() => device.received.length).toBe(2);
      await deliver(page, device.received[1]!.payload);
      await expect
        .poll(async () => (await shownNotifications(page)).find((n) => n.tag === `dm-${mate.user.id}`))
        .toEqual({
          title: 'Message from Mo Mate',
          body: 'Can you take my Tuesday trip?',
          tag: `dm-${mate.user.id}`,
          data: { url: `/messages?user=${mate.user.id}` },
        });
      // What a click on it does in an open app: the worker's message moves the app to the conversation.
      await page.evaluate(
        (url) => navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'crewtrade:navigate', url } })),
        `/messages?user=${mate.user.id}`,
      );
      await page.getByRole('heading', { name: 'Mo Mate' }).first().waitFor();

      await page.goto('/profile');
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      await toggle.click();
      await page.locator('.toast').filter({ hasText: 'Push notifications off' }).waitFor();
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      expect((await me.client.get<PushInfo>('/api/push')).body.devices).toBe(0);
    },
  );

  it('says so when notifications are blocked, and when the browser has no worker', async () => {
    const me = await makeUser(suite.app);
    const blocked = suite.track(await openAs(suite.browser, suite.app, me, '/', false, 'allow'));
    await blocked.evaluate(() => navigator.serviceWorker.ready);
    await blocked.context().addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await blocked.goto('/profile');
    await blocked.getByText('Notifications are blocked for Crewtrade').waitFor();
    expect(await blocked.getByRole('switch', { name: 'Push notifications on this device' }).isDisabled()).toBe(true);

    const noWorker = suite.track(await openAs(suite.browser, suite.app, me, '/profile'));
    await noWorker.getByText('This browser cannot receive push notifications.').waitFor();
    expect(await noWorker.getByRole('switch', { name: 'Push notifications on this device' }).count()).toBe(0);
  });
});
