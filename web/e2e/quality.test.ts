import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../server/test/factories.ts';
import { hasChromium, newCrewContext } from './browser.ts';
import { browserSuite } from './suite.ts';
import { openAs } from './session.ts';

// Evaluated through the DevTools protocol, which the page's CSP (script-src 'self') does not block.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const suite = browserSuite();

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Serious and critical axe-core findings on the page as it stands. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!hasChromium)('accessibility and quiet pages', () => {
  it.each(['/', '/login', '/signup', '/forgot-password', '/reset-password?token=x', '/no-such-page'])(
    'signed out, %s has no serious or critical axe violation',
    async (path) => {
      const context = await newCrewContext(suite.browser, suite.app.url);
      const page = await context.newPage();
      suite.track(page);
      await page.goto(path);
      await page.locator('main, [role="main"], h1').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    },
  );

  it.each(['/', '/all-trades', '/matches', '/profile'])('signed in, %s has no serious or critical axe violation', async (path) => {
    const group = { base: 'AXE' };
    const me = await makeUser(suite.app, group);
    const mate = await makeUser(suite.app, group);
    await me.client.post('/api/requests', { type: 'drop', date: inDays(4), routeType: 'pairing', route: 'AXE100' });
    await mate.client.post('/api/requests', { type: 'pickup', date: inDays(4), routeType: 'pairing', route: 'Any' });
    const page = await openAs(suite.browser, suite.app, me, path);
    suite.track(page);
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('an idle signed-in page sends no requests: updates arrive over the socket', async () => {
    const me = await makeUser(suite.app, { base: 'IDL' });
    const page = await openAs(suite.browser, suite.app, me, '/');
    suite.track(page);
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await page.waitForLoadState('networkidle');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/socket.io/')) sent.push(r.url());
    });
    await page.waitForTimeout(3_000);
    expect(sent).toEqual([]);
  });
});
