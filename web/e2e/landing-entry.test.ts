// The signed-out entry (docs/decisions/0030-light-signed-out-entry.md): "/" is prerendered HTML that
// paints and works before any script, and loads neither React's app, the router, the stores nor the
// socket client; the app's screens load when the visitor leaves the landing page.
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../server/test/factories.ts';
import { PUBLIC_TEXT } from '../src/texts/public.ts';
import { hasChromium, newCrewContext } from './browser.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';

describe.skipIf(!hasChromium)('the signed-out entry', () => {
  it('sends the landing page prerendered for "/", and the empty shell elsewhere or with a session', async () => {
    const landing = await fetch(`${suite.app.url}/`);
    expect(landing.headers.get('vary') ?? '').toMatch(/cookie/i);
    const body = await landing.text();
    expect(rootOf(body)).toContain(`<h1>${PUBLIC_TEXT.productName}</h1>`);
    expect(body).toContain(PUBLIC_TEXT.tagline);
    expect(body).toContain('href="/signup"');

    // /login and /signup are prerendered too (auth-pages.test.ts); every other path is the empty shell.
    expect(rootOf(await (await fetch(`${suite.app.url}/forgot-password`)).text())).toBe('');
    const crew = await makeUser(suite.app);
    const signedIn = await fetch(`${suite.app.url}/`, { headers: { Cookie: crew.client.cookieHeader } });
    expect(rootOf(await signedIn.text())).toBe('');
  });

  it('shows the landing page with JavaScript off', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.app.url, javaScriptEnabled: false });
    const page = suite.track(await context.newPage());
    await page.goto('/');
    await page.getByRole('heading', { name: PUBLIC_TEXT.productName, level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: PUBLIC_TEXT.getStarted }).getAttribute('href')).toBe('/signup');
  });

  it('loads no socket, no session request and no app chunk on the landing page', async () => {
    const context = await newCrewContext(suite.browser, suite.app.url, true);
    const page = suite.track(await context.newPage());
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    const response = await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('heading', { name: PUBLIC_TEXT.productName, level: 1 }).waitFor();
    const paths = requests.map((r) => new URL(r.url()).pathname);
    expect(paths.filter((p) => p.startsWith('/socket.io') || p.startsWith('/api/'))).toEqual([]);
    // Every script is one the landing page names itself: its small entry, none of the app's chunks.
    const html = (await response!.text()) ?? '';
    const scripts = paths.filter((p) => p.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(html).toContain(script);
    expect(scripts.join(' ')).not.toMatch(/\/(main|RoutedApp|AppShell|Dashboard|Login)-/);
  });

  it('hands over to the app when the visitor follows a link', async () => {
    const context = await newCrewContext(suite.browser, suite.app.url, true);
    const page = suite.track(await context.newPage());
    await page.goto('/');
    let reloaded = false;
    page.on('load', () => (reloaded = true));
    await page.getByRole('link', { name: PUBLIC_TEXT.signIn, exact: true }).click();
    await page.getByLabel('Email').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(reloaded).toBe(false);
    await page.goBack();
    await page.getByRole('link', { name: PUBLIC_TEXT.getStarted }).waitFor();
  });

  it('opens the dashboard at "/" for a signed-in crew member, with no landing page in between', async () => {
    const crew = await makeUser(suite.app, { firstName: 'Lane' });
    const page = suite.track(await openAs(suite.browser, suite.app, crew, '/'));
    await page.getByRole('heading', { name: 'Welcome, Lane!' }).waitFor();
  });
});
