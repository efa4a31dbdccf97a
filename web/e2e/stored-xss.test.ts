// Stored XSS: markup typed into every text field that another person (or an admin) sees comes back
// as text on their screen and never runs: request notes and routes, names, direct messages, base
// chat, support subjects, messages and answers, and the activity metadata. Each payload would set
// window.__xss if it ran; the screens show it as the characters that were typed.
import { THEME_BOOT_SCRIPT } from '#protocol/theme.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeAdmin, makeUser } from '../../server/test/factories.ts';
import { sql } from '../../server/test/outbox.ts';
import { hasChromium } from './browser.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=2</script>';
const PAYLOAD = `${IMG}${SCRIPT}`;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function ranNothing(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  // The markup became no element: no <img src=x> and no inline <script> in the document but the
  // theme's own boot script, the one the pages' CSP allows by its hash (web/build/theme-plugin.ts).
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('script:not([src]):not(#theme-boot)').count()).toBe(0);
  expect(await page.locator('script#theme-boot').evaluateAll((s) => s.map((e) => e.textContent))).toEqual([THEME_BOOT_SCRIPT]);
}

describe.skipIf(!hasChromium)('stored markup is shown as text and never runs', () => {
  it('on the tradeboard, matches, messages, the dashboard chat, the filer’s answers and every admin tab', async () => {
    const group = { base: 'XSS' };
    const evil = await makeUser(suite.app, { ...group, firstName: `Eve${IMG}`.slice(0, 100), lastName: 'Hacker' });
    const victim = await makeUser(suite.app, { ...group, firstName: 'Val', lastName: 'Victim' });
    const admin = await makeAdmin(suite.app);
    const date = inDays(9);
    expect(
      (await evil.client.post('/api/requests', { type: 'drop', date, routeType: 'pairing', route: 'XSS<b>1</b>', notes: PAYLOAD })).status,
    ).toBe(201);
    expect((await victim.client.post('/api/requests', { type: 'pickup', date, routeType: 'pairing', route: 'Any' })).status).toBe(201);
    expect((await evil.client.post('/api/messages', { toUserId: victim.user.id, content: PAYLOAD })).status).toBe(201);
    expect((await evil.client.post('/api/base-chat', { content: PAYLOAD, chatType: 'reserve' })).status).toBe(201);
    const support = await evil.client.post('/api/support-requests', {
      category: 'bug',
      subject: `S${IMG}`.slice(0, 200),
      message: PAYLOAD,
    });
    expect(support.status).toBe(201);
    await sql(suite.app.databaseUrl, `insert into user_activity_logs (user_id, activity_type, metadata) values ($1, 'match_created', $2)`, [
      evil.user.id,
      JSON.stringify({ note: PAYLOAD }),
    ]);

    const board = suite.track(await openAs(suite.browser, suite.app, victim, '/all-trades'));
    await board.getByText(PAYLOAD).first().waitFor();
    await board.getByText('XSS<b>1</b>').first().waitFor();
    await ranNothing(board);

    await board.goto('/matches');
    await board
      .getByText(/Eve<img/)
      .first()
      .waitFor();
    await ranNothing(board);

    await board.goto(`/messages?user=${evil.user.id}`);
    await board.getByText(PAYLOAD).first().waitFor();
    await ranNothing(board);

    await board.goto('/');
    await board.getByText(PAYLOAD).first().waitFor();
    await ranNothing(board);

    const a = suite.track(await openAs(suite.browser, suite.app, admin, '/admin?tab=support'));
    await a.getByText(/S<img/).first().waitFor();
    await ranNothing(a);
    await a.getByRole('button', { name: 'Respond' }).first().click();
    await a.getByRole('dialog').getByText(PAYLOAD).waitFor();
    await a.getByLabel('Your Response').fill(PAYLOAD);
    await a.getByRole('button', { name: 'Send Response' }).click();
    await a.getByRole('dialog').waitFor({ state: 'detached' });
    await ranNothing(a);
    for (const tab of ['users', 'logs', 'user-activity']) {
      await a.goto(`/admin?tab=${tab}`);
      await a.locator('.tab-panel').waitFor();
      await a.waitForLoadState('networkidle');
      await ranNothing(a);
    }
    await a
      .getByText(/note: <img/)
      .first()
      .waitFor();

    // The filer reads the answer as text.
    const e = suite.track(await openAs(suite.browser, suite.app, evil, '/contact-support'));
    await e.locator('.support-response-text').getByText(PAYLOAD).waitFor();
    await ranNothing(e);
  });
});
