// The sign-in and sign-up pages (docs/decisions/0032-light-sign-in-and-first-screen.md): prerendered
// HTML sent for /login and /signup without a session, whose script validates and sends the form with
// no React, router, store or socket client, and hands over to the app once signed in. The budget of
// docs/ARCHITECTURE.md section 10 (70 KB gzip signed out) is checked on the build's bytes, not times.
import type { Request, Route } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeUser, PASSWORD } from '../../server/test/factories.ts';
import { PUBLIC_TEXT } from '../src/texts/public.ts';
import { hasChromium, launchBrowser, newCrewContext } from './browser.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
/** Every script the page names (its entry and the chunks the entry imports statically). */
const scriptsOf = (html: string) => [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
/** The app's chunks: none of them may load before the visitor is signed in. */
const APP_CHUNK = /\/(main|RoutedApp|AppShell|socket|Dashboard|Login|Signup)-/;
const BUDGET_KB = 70;
/** What app.html, login.html and signup.html say to a browser with scripts off. */
const NEEDS_SCRIPTS = 'Crewtrade needs JavaScript. Turn it on in your browser’s settings, then reload this page.';

describe.skipIf(!hasChromium)('the sign-in and sign-up pages', () => {
  it('are prerendered for a browser without a session, within the budget, naming none of the app’s chunks', async () => {
    for (const [path, heading] of [
      ['/login', PUBLIC_TEXT.signIn],
      ['/signup', 'Create Account'],
    ] as const) {
      const res = await fetch(`${suite.app.url}${path}`);
      expect(res.headers.get('vary') ?? '').toMatch(/cookie/i);
      const html = await res.text();
      expect(rootOf(html)).toContain(`<h1>${heading}</h1>`);
      expect(rootOf(html)).toContain('<form');
      const scripts = scriptsOf(html);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.join(' ')).not.toMatch(APP_CHUNK);
      let gzip = 0;
      for (const script of scripts) gzip += gzipSync(Buffer.from(await (await fetch(`${suite.app.url}${script}`)).arrayBuffer())).length;
      expect(gzip / 1024, `${path}: initial JavaScript (KB gzip)`).toBeLessThanOrEqual(BUDGET_KB);
    }
    const crew = await makeUser(suite.app);
    const signedIn = await fetch(`${suite.app.url}/login`, { headers: { Cookie: crew.client.cookieHeader } });
    expect(rootOf(await signedIn.text())).toBe('');
  });

  it('shows the form with JavaScript off', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.app.url, javaScriptEnabled: false });
    const page = suite.track(await context.newPage());
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create Account', level: 1 }).waitFor();
    for (const label of ['First Name', 'Last Name', 'Email', 'Confirm Password']) await page.getByLabel(label).waitFor();
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('says above the sign-in and sign-up forms and the app that Crewtrade needs JavaScript, when scripts are off', async () => {
    const browser = await launchBrowser({ scriptsOff: true });
    try {
      for (const [width, height] of [
        [375, 740],
        [1280, 800],
      ] as const) {
        const page = await browser.newPage({ baseURL: suite.app.url, viewport: { width, height } });
        // Playwright's locators run a script in the page, which this browser refuses: the
        // accessibility tree, read over CDP, holds what is rendered.
        const cdp = await page.context().newCDPSession(page);
        for (const path of ['/login', '/signup', '/all-trades']) {
          await page.goto(path);
          const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { name?: { value?: unknown } }[] };
          expect(
            nodes.some((n) => n.name?.value === NEEDS_SCRIPTS),
            path,
          ).toBe(true);
        }
        await page.goto('/signup');
        await page.screenshot({ path: `test-artifacts/signup-scripts-off-${width}.png` });
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });

  it('with JavaScript off, sending the form signs up and goes to the app', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.app.url, javaScriptEnabled: false });
    const page = suite.track(await context.newPage());
    await page.goto('/signup');
    await page.getByLabel('First Name').fill('Noor');
    await page.getByLabel('Last Name').fill('Script');
    const email = `e2e-${Date.now()}-noscript@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Skyline2041');
    await page.getByLabel('Confirm Password').fill('Skyline2041');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const me = await fetch(`${suite.app.url}/api/auth/user`, { headers: { cookie } });
    expect(((await me.json()) as { email: string }).email).toBe(email);
  });

  it('a form sent before its script ran is answered as the script would: the message, then the dashboard', async () => {
    const { email } = await makeUser(suite.app, { firstName: 'Early' });
    const context = await newCrewContext(suite.browser, suite.app.url, true);
    const page = suite.track(await context.newPage());
    // The page's own script held back: the browser sends the form itself.
    const holdScript = (route: Route) => route.abort();
    await page.route(/\/assets\/authEntry-[^/]+\.js$/, holdScript);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: PUBLIC_TEXT.signIn }).click();
    await page.waitForURL((url) => url.search === '?error=invalid-credentials');
    await page.unroute(/\/assets\/authEntry-[^/]+\.js$/, holdScript);
    await page.reload();
    await page.getByRole('alert').filter({ hasText: MSG.invalidCredentials }).waitFor();
    await page.route(/\/assets\/authEntry-[^/]+\.js$/, holdScript);
    await page.reload();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: PUBLIC_TEXT.signIn }).click();
    await page.getByRole('heading', { name: 'Welcome, Early!' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('loads no socket, no API call and no app chunk until the form is sent', async () => {
    const context = await newCrewContext(suite.browser, suite.app.url, true);
    const page = suite.track(await context.newPage());
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    const paths = requests.map((r) => new URL(r.url()).pathname);
    expect(paths.filter((p) => p.startsWith('/socket.io') || p.startsWith('/api/'))).toEqual([]);
    expect(paths.filter((p) => APP_CHUNK.test(p))).toEqual([]);
  });

  it('shows the sign-up form’s messages after a try, and clears each as its field is put right', async () => {
    const context = await newCrewContext(suite.browser, suite.app.url, true);
    const page = suite.track(await context.newPage());
    await page.goto('/signup');
    const firstName = page.getByLabel('First Name');
    await page.getByLabel('Email').fill('not-an-email');
    // Nothing is said before the first try.
    expect(await page.getByText(MSG.emailInvalid).count()).toBe(0);
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      MSG.firstNameRequired,
      MSG.lastNameRequired,
      MSG.emailInvalid,
      MSG.passwordTooShort,
      MSG.confirmPasswordRequired,
    ])
      await page.getByText(message).waitFor();
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');
    expect(await firstName.getAttribute('aria-describedby')).toMatch(/-error$/);
    await firstName.fill('Robin');
    await expect.poll(() => page.getByText(MSG.firstNameRequired).count()).toBe(0);
    expect(await firstName.getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('Last Name').fill('Ortiz');
    await page.getByLabel('Email').fill('robin@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Skyline2041');
    await page.getByLabel('Confirm Password').fill('Skyline2042');
    await page.getByText(MSG.passwordsDontMatch).waitFor();
    // The hint stays the password's description beside its message.
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-describedby')).toMatch(/-hint$/);
  });

  it('signs in and opens the dashboard with no page load in between', async () => {
    const { email } = await makeUser(suite.app, { firstName: 'Sasha' });
    const context = await newCrewContext(suite.browser, suite.app.url, true);
    const page = suite.track(await context.newPage());
    await page.goto('/login');
    let reloaded = false;
    page.on('load', () => (reloaded = true));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: PUBLIC_TEXT.signIn }).click();
    await page.getByRole('heading', { name: 'Welcome, Sasha!' }).waitFor();
    await page.getByText(MSG.loggedIn).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(reloaded).toBe(false);
  });

  it('signs up and opens the app on the forced profile setup, with no page load in between', async () => {
    const context = await newCrewContext(suite.browser, suite.app.url, true);
    const page = suite.track(await context.newPage());
    await page.goto('/signup');
    let reloaded = false;
    page.on('load', () => (reloaded = true));
    await page.getByLabel('First Name').fill('Quinn');
    await page.getByLabel('Last Name').fill('Ade');
    await page.getByLabel('Email').fill(`e2e-${Date.now()}-signup@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Skyline2041');
    await page.getByLabel('Confirm Password').fill('Skyline2041');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(MSG.accountCreated).first().waitFor();
    await page.getByRole('dialog').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(reloaded).toBe(false);
  });
});
