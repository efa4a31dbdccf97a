import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeUser } from '../../server/test/factories.ts';
import { hasChromium } from './browser.ts';
import { browserSuite } from './suite.ts';
import { openAs } from './session.ts';

const suite = browserSuite();

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const statCard = (page: Page, label: string) => page.locator('a.stat-card').filter({ has: page.getByText(label, { exact: true }) });

describe.skipIf(!hasChromium)('dashboard, matches and profile settings in the browser', () => {
  it('the dashboard shows active requests, stat cards and recent matches, and counts new matches live', async () => {
    const group = { base: 'SLC' };
    const me = await makeUser(suite.app, { ...group, firstName: 'Quinn' });
    const mate = await makeUser(suite.app, { ...group, firstName: 'Riley', lastName: 'Stone' });
    const date = inDays(12);
    await me.client.post('/api/requests', { type: 'drop', date, routeType: 'pairing', route: 'SLC7001', tripDays: 2 });
    await mate.client.post('/api/requests', { type: 'pickup', date, routeType: 'pairing', route: 'Any', tripDays: 2 });

    const p = await openAs(suite.browser, suite.app, me, '/');
    suite.track(p);
    await expect.poll(() => p.getByRole('heading', { name: 'Welcome, Quinn!' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => statCard(p, 'Matches').textContent()).toContain('1');
    const activeTable = p
      .getByRole('region', { name: 'My Active Requests' })
      .or(p.locator('section[aria-labelledby="active-requests-heading"]'));
    await expect.poll(() => activeTable.first().getByText('SLC7001').isVisible()).toBe(true);
    const recent = p.locator('section[aria-labelledby="recent-matches-heading"]');
    await expect
      .poll(() =>
        recent
          .getByText(/Riley Stone/)
          .first()
          .isVisible(),
      )
      .toBe(true);

    // A second colleague's matching pickup raises the count with no reload.
    const third = await makeUser(suite.app, { ...group, firstName: 'Sky' });
    await third.client.post('/api/requests', { type: 'pickup', date, routeType: 'pairing', route: 'Any too' });
    await expect.poll(() => statCard(p, 'Matches').textContent(), { timeout: 10_000 }).toContain('2');
    await expect.poll(() => p.getByRole('button', { name: 'Notifications' }).locator('.count-badge').textContent()).toBe('2');
  });

  it('the matches page: empty state, then a live match showing "Single Day" for a request without trip days', async () => {
    const group = { base: 'PDX' };
    const me = await makeUser(suite.app, group);
    const p = await openAs(suite.browser, suite.app, me, '/matches');
    suite.track(p);
    // The first load of a page can take seconds on busy CI cores.
    await expect.poll(() => p.getByText(MSG.noMatches).isVisible(), { timeout: 10_000 }).toBe(true);

    const mate = await makeUser(suite.app, { ...group, firstName: 'Toni', lastName: 'Vance' });
    const date = inDays(20);
    await me.client.post('/api/requests', { type: 'pickup', date, routeType: 'reserve_period', reservePeriod: 'R2', tripDays: '' });
    await mate.client.post('/api/requests', { type: 'drop', date, routeType: 'reserve_period', reservePeriod: 'R2 0600', tripDays: '' });
    const card = p.getByRole('article', { name: 'Match with Toni Vance' });
    await expect.poll(() => card.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => card.getByText('Pending Match').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Single Day').first().isVisible()).toBe(true);
  });

  it('profile settings: saves changes, shows validation, refuses a taken employee number, toggles e-mail', async () => {
    const me = await makeUser(suite.app, { firstName: 'Uma' });
    const other = await makeUser(suite.app);
    const p = await openAs(suite.browser, suite.app, me, '/profile');
    suite.track(p);
    await p.getByRole('heading', { name: 'Profile Settings' }).waitFor();

    await p.getByLabel('Base').fill('BOS');
    await p.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => p.getByText(MSG.profileUpdated).first().isVisible()).toBe(true);
    expect((await (await p.request.get('/api/auth/user')).json()).base).toBe('BOS');

    await p.getByLabel('First Name').fill('');
    await p.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => p.getByText(MSG.firstNameRequired).isVisible()).toBe(true);
    await p.getByLabel('First Name').fill('Uma');

    await p.getByLabel('Employee Number').fill(other.user.employeeNumber!);
    await p.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => p.getByText(MSG.profileUpdateFailedTitle).first().isVisible()).toBe(true);
    expect((await (await p.request.get('/api/auth/user')).json()).employeeNumber).toBe(me.user.employeeNumber);

    const toggle = p.getByRole('switch', { name: 'Email Notifications' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(async () => (await (await p.request.get('/api/auth/user')).json()).emailNotifications).toBe(false);
  });
});
