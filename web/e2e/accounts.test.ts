import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeUser, PASSWORD } from '../../server/test/factories.ts';
import { readOutbox, resetTokenFrom } from '../../server/test/outbox.ts';
import { hasChromium, newCrewContext } from './browser.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

async function openPage(path: string, mobile = false): Promise<Page> {
  const context = await newCrewContext(suite.browser, suite.app.url, mobile);
  const page = suite.track(await context.newPage());
  await page.goto(path);
  return page;
}

const uniqueEmail = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

describe.skipIf(!hasChromium)('accounts in the browser', () => {
  it('signs up, completes the forced profile setup and lands on the dashboard (phone width)', async () => {
    const p = await openPage('/', true);
    await p.getByRole('link', { name: 'Get Started' }).click();
    await p.waitForURL('**/signup');
    await p.getByLabel('First Name').fill('Robin');
    await p.getByLabel('Last Name').fill('Ortiz');
    await p.getByLabel('Email').fill(uniqueEmail());
    await p.getByLabel('Password', { exact: true }).fill('Skyline2041');
    await p.getByLabel('Confirm Password').fill('Skyline2041');
    await p.getByRole('button', { name: /create account/i }).click();
    await expect.poll(() => p.getByText(MSG.accountCreated).first().isVisible()).toBe(true);

    const dialog = p.getByRole('dialog');
    await dialog.waitFor();
    await p.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Employee Number').fill(`R${Date.now()}`);
    await dialog.getByLabel('Base').fill('ATL');
    // The spec reloads the app at / 500 ms after a successful setup: wait for that reload itself,
    // not just the dashboard, which the refreshed user already shows before it.
    const reloaded = p.waitForEvent('load', { timeout: 15_000 });
    await dialog.getByRole('button', { name: /complete|save|continue/i }).click();
    await expect.poll(() => p.getByText(MSG.setupDone).first().isVisible(), { timeout: 10_000 }).toBe(true);
    await reloaded;
    expect(new URL(p.url()).pathname).toBe('/');
    await p.getByRole('heading', { name: 'Welcome, Robin!' }).waitFor();
    await expect.poll(() => p.getByRole('dialog').count()).toBe(0);
  });

  it('shows the server message when sign-in fails', async () => {
    const p = await openPage('/login');
    await p.getByLabel('Email').fill('nobody@example.com');
    await p.getByLabel('Password').fill('WrongPass1');
    await p.getByRole('button', { name: /sign in/i }).click();
    await expect.poll(() => p.getByRole('alert').filter({ hasText: MSG.invalidCredentials }).isVisible()).toBe(true);
  });

  it('says so when social sign-in is not configured, until the next attempt', async () => {
    const p = await openPage('/');
    await p.getByRole('link', { name: /Continue with Google/ }).click();
    await p.waitForURL('**/login?error=social');
    const alert = p.getByRole('alert').filter({ hasText: MSG.socialNotConfigured });
    await expect.poll(() => alert.isVisible()).toBe(true);
    await p.getByLabel('Email').fill('x@example.com');
    await p.getByLabel('Password').fill('WrongPass1');
    await p.getByRole('button', { name: /sign in/i }).click();
    await expect.poll(() => p.getByRole('alert').filter({ hasText: MSG.invalidCredentials }).isVisible()).toBe(true);
    expect(await alert.count()).toBe(0);
  });

  it('shows the validation messages of the sign-in form', async () => {
    const p = await openPage('/login');
    await p.getByLabel('Email').fill('not-an-email');
    await p.getByRole('button', { name: /sign in/i }).click();
    await expect.poll(() => p.getByText(MSG.emailInvalid).isVisible()).toBe(true);
    await expect.poll(() => p.getByText(MSG.passwordRequired).isVisible()).toBe(true);
  });

  it('forgot password → mail → reset → sign in with the new password', async () => {
    const { email } = await makeUser(suite.app);
    const p = await openPage('/forgot-password');
    await p.getByLabel('Email').fill(email);
    await p.getByRole('button', { name: /send|reset/i }).click();
    await expect.poll(() => p.getByText('Check Your Email').isVisible()).toBe(true);
    await expect.poll(async () => (await readOutbox(suite.app.databaseUrl, email)).length).toBe(1);
    const token = resetTokenFrom((await readOutbox(suite.app.databaseUrl, email))[0]!);

    await p.goto(`/reset-password?token=${token}`);
    await p.getByLabel('New Password').fill('Brand1NewPass');
    await p.getByLabel('Confirm Password').fill('Brand1NewPass');
    await p.getByRole('button', { name: /reset password/i }).click();
    await p
      .getByRole('button', { name: 'Sign In' })
      .or(p.getByRole('link', { name: 'Sign In' }))
      .first()
      .click();
    await p.waitForURL('**/login');
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password').fill('Brand1NewPass');
    await p.getByRole('button', { name: /sign in/i }).click();
    await p.getByText(MSG.loggedIn).first().waitFor();
    // Waits for the dashboard's heading itself, as long as the test may take: a poll of a fixed
    // second timed out on a slow machine with "Welcome, ..." already on the screen.
    await p.getByRole('heading', { name: /^Welcome/ }).waitFor();
  });

  it('a reset link without a token says so', async () => {
    const p = await openPage('/reset-password');
    await expect.poll(() => p.getByText('Invalid Reset Link').isVisible()).toBe(true);
  });

  it('signs in, then logs out from the avatar menu back to the landing page', async () => {
    const { email } = await makeUser(suite.app, { firstName: 'Logan' });
    const p = await openPage('/login');
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password').fill(PASSWORD);
    await p.getByRole('button', { name: /sign in/i }).click();
    await p.getByRole('heading', { name: 'Welcome, Logan!' }).waitFor();
    await p.getByRole('button', { name: 'Account menu' }).click();
    // A POST (docs/decisions/0019: a GET could be any site's link), then the landing page.
    const signOut = p.waitForRequest((r) => new URL(r.url()).pathname === '/api/logout');
    await p
      .getByRole('menuitem', { name: 'Logout' })
      .or(p.getByRole('button', { name: 'Logout' }))
      .first()
      .click();
    expect((await signOut).method()).toBe('POST');
    await p.getByRole('link', { name: 'Get Started' }).waitFor();
    expect(new URL(p.url()).pathname).toBe('/');
    expect((await p.request.get('/api/auth/user')).status()).toBe(401);
    await p.screenshot({ path: 'test-artifacts/logout-avatar-menu-1280.png' });
  });

  it('logs out from Profile Settings at phone width the same way', async () => {
    const me = await makeUser(suite.app, { firstName: 'Penny' });
    const p = suite.track(await openAs(suite.browser, suite.app, me, '/profile', true));
    const signOut = p.waitForRequest((r) => new URL(r.url()).pathname === '/api/logout');
    await p.getByRole('button', { name: 'Logout' }).click();
    expect((await signOut).method()).toBe('POST');
    await p.getByRole('link', { name: 'Get Started' }).waitFor();
    expect((await p.request.get('/api/auth/user')).status()).toBe(401);
    await p.screenshot({ path: 'test-artifacts/logout-profile-375.png' });
  });

  it('a link to /api/logout (another site may show one) opens the app, still signed in', async () => {
    for (const mobile of [false, true]) {
      const me = await makeUser(suite.app, { firstName: 'Stay' });
      const p = suite.track(await openAs(suite.browser, suite.app, me, '/', mobile));
      await p.getByRole('heading', { name: 'Welcome, Stay!' }).waitFor();
      await p.goto('/api/logout');
      expect(new URL(p.url()).pathname).toBe('/');
      await p.getByRole('heading', { name: 'Welcome, Stay!' }).waitFor();
      expect((await p.request.get('/api/auth/user')).status()).toBe(200);
      await p.screenshot({ path: `test-artifacts/logout-get-link-${mobile ? 375 : 1280}.png` });
    }
  });

  it('shows the not-found screen for an unknown path', async () => {
    const p = await openPage('/no-such-page');
    await expect.poll(() => p.getByText(MSG.notFoundPage).isVisible()).toBe(true);
  });

  it('opens a screen whatever the case of the typed path', async () => {
    const p = suite.track(await openAs(suite.browser, suite.app, await makeUser(suite.app), '/All-Trades'));
    await p.getByRole('heading', { name: 'Tradeboard' }).waitFor();
    expect(await p.getByText(MSG.notFoundPage).count()).toBe(0);
  });
});
