// Administrator Settings' Insights tab as an admin sees it, at 1280 and 375 px: twelve weeks of
// requests, matches, trades and support put in the database at chosen times, and active requests
// at eight bases. Every chart is a figure with its title and an SVG drawing; "Show as table" shows
// the same figures as the server counted them; no sideways scroll, nothing sticking out, no serious
// axe finding, in the light scheme and the dark. Screenshots under test-artifacts/layout.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { InsightsReport } from '#protocol/shapes.ts';
import { makeAdmin, makeUser } from '../../server/test/factories.ts';
import { sql } from '../../server/test/outbox.ts';
import { seriousViolations } from './axe.ts';
import { hasChromium } from './browser.ts';
import { layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

const TITLES = [
  'Requests, matches and trades per week',
  'Share of matches that became trades',
  'Support requests per week',
  'Median time to answer',
  'Active requests by base and position',
];

async function check(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  // Colours mid-transition (a scheme just switched) are not what axe should read, nor the screenshot.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await saveScreenshot(page, name);
  expect(await layoutProblems(page), name).toEqual([]);
  expect(await seriousViolations(page), name).toEqual([]);
}

/** Twelve weeks of a busy airline, more of everything in the later weeks, and requests on eight bases' boards. */
async function seed(db: string, userId: number, adminId: number) {
  // Past requests, a little denser towards now (t = 83 days × (g/600)^1.3), long completed.
  await sql(
    db,
    `insert into requests (user_id, type, date, route_type, route, status, group_key, all_dates, last_date, created_at, updated_at)
     select $1, 'drop', date '2020-01-02', 'pairing', 'P' || g, 'completed', 'Delta|ATL|captain|737', array['2020-01-02'], date '2020-01-02',
            now() - interval '83 days' * power(g / 600.0, 1.3), now()
     from generate_series(1, 600) g`,
    [userId],
  );
  // A match an hour after every third request; two in five of them traded a day later.
  await sql(
    db,
    `insert into matches (request_id, matched_request_id, status, created_at, updated_at)
     select r.id, r.id + 1, 'pending', r.created_at + interval '1 hour', r.created_at + interval '1 hour'
     from requests r where r.route ~ '^P[0-9]+$' and r.id % 3 = 0 and exists (select 1 from requests s where s.id = r.id + 1)`,
  );
  await sql(
    db,
    `insert into trades (match_id, request_id, matched_request_id, approved_at)
     select m.id, m.request_id, m.matched_request_id, least(now(), m.created_at + interval '1 day') from matches m where m.id % 5 in (0, 2)`,
  );
  // A three-way chain completed every ten days or so.
  await sql(
    db,
    `with c as (
       insert into trade_chains (group_key, route_type, cycle_key, status, created_at, updated_at)
       select 'Delta|ATL|captain|737', 'pairing', 'e2e-' || g, 'completed', now() - g * interval '10 days', now() - g * interval '10 days'
       from generate_series(0, 7) g returning id, updated_at)
     insert into trades (chain_id, approved_at) select c.id, c.updated_at from c, generate_series(1, 3)`,
  );
  // Support: 40 requests, most answered between 20 minutes and 2 days later; the newest still open.
  await sql(
    db,
    `insert into support_requests (user_id, category, subject, message, status, admin_response, admin_id, created_at, updated_at, resolved_at)
     select $1, 'bug', 'Subject ' || g, 'Message', case when g > 3 then 'resolved' else 'open' end,
            case when g > 3 then 'Answered' end, case when g > 3 then $2::int end,
            now() - g * interval '2 days', now(),
            case when g > 3 then now() - g * interval '2 days' + (20 + (g * 97) % 2860) * interval '1 minute' end
     from generate_series(1, 40) g`,
    [userId, adminId],
  );
  // Active requests on eight bases, every position, some more than others.
  await sql(
    db,
    `insert into requests (user_id, type, date, route_type, route, status, group_key, all_dates, last_date, created_at, updated_at)
     select $1, 'drop', current_date + 20, 'pairing', 'A' || g, 'active',
            'Delta|' || (array['ATL','LAX','JFK','DFW','SEA','MSP','DTW','BOS'])[1 + ((g * g) / 7) % 8] || '|' ||
            (array['captain','first_officer','flight_attendant'])[1 + g % 3] || '|737',
            array[to_char(current_date + 20, 'YYYY-MM-DD')], current_date + 20, now() - interval '200 days', now()
     from generate_series(1, 180) g`,
    [userId],
  );
}

describe.skipIf(!hasChromium)('Insights, 1280 and 375 px', () => {
  it('shows every chart with its title, and the same figures as a table; fits, passes axe, light and dark', async () => {
    const admin = await makeAdmin(suite.app, { firstName: 'Ada', lastName: 'Admin' });
    const crew = await makeUser(suite.app, { firstName: 'Cal', lastName: 'Crew' });
    await seed(suite.app.databaseUrl, crew.user.id, admin.user.id);
    const report = (await admin.client.get<InsightsReport>('/api/admin/insights')).body;
    const busiest = report.weeks.reduce((a, b) => (b.requestsPosted > a.requestsPosted ? b : a));
    expect(busiest.requestsPosted).toBeGreaterThan(20);
    expect(report.activeRequests.reduce((sum, a) => sum + a.count, 0)).toBe(180);

    for (const mobile of [false, true]) {
      const width = mobile ? 375 : 1280;
      const page = suite.track(await openAs(suite.browser, suite.app, admin, '/admin?tab=insights', mobile));
      expect(await page.getByRole('tab', { name: 'Insights' }).getAttribute('aria-selected')).toBe('true');
      for (const title of TITLES) await page.getByRole('figure', { name: title }).waitFor();
      // Every chart is drawn: its SVG holds marks (bars or a line's points), not only axes.
      for (const title of TITLES) {
        const marks = page.getByRole('figure', { name: title }).locator('svg.insights-svg').locator('rect, polyline');
        expect(await marks.count(), title).toBeGreaterThan(0);
      }
      expect(await page.locator('figure.insights-chart svg.insights-svg').count()).toBeGreaterThanOrEqual(2);
      // A drawing is as wide as its card allows, never wider.
      const widths = await page
        .locator('.insights-drawing')
        .evaluateAll((els) => els.map((el) => [el.clientWidth, el.querySelector('svg')?.getBoundingClientRect().width ?? 0]));
      for (const [box, svg] of widths) expect(svg).toBeLessThanOrEqual(box! + 1);
      await check(page, `${width}-admin-insights`);

      // The first chart as a table: the busiest week's figures as the server counted them.
      const activity = page.getByRole('figure', { name: TITLES[0] });
      await activity.getByRole('button', { name: 'Show as table' }).click();
      const table = activity.getByRole('table');
      await table.waitFor({ state: 'visible' });
      expect(await activity.locator('svg.insights-svg').count()).toBe(0);
      const [y, m, d] = busiest.weekStart.split('-').map(Number);
      const label = new Date(y!, m! - 1, d!).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
      const row = table.getByRole('row', { name: new RegExp(`^${label} `) });
      expect(await row.getByRole('cell').allTextContents()).toEqual(
        [busiest.requestsPosted, busiest.matchesMade, busiest.tradesCompleted].map(String),
      );
      // Active requests as a table: a row a base, its total the server's sum for that base.
      const active = page.getByRole('figure', { name: TITLES[4] });
      await active.getByRole('button', { name: 'Show as table' }).click();
      const atl = report.activeRequests.filter((a) => a.base === 'ATL').reduce((sum, a) => sum + a.count, 0);
      expect(await active.getByRole('row', { name: /^ATL / }).getByRole('cell').last().textContent()).toBe(String(atl));
      await check(page, `${width}-admin-insights-tables`);
      await activity.getByRole('button', { name: 'Show as chart' }).click();
      await activity.locator('svg.insights-svg').waitFor();

      // The dark scheme: the same checks (axe reads the colours as drawn).
      await page.emulateMedia({ colorScheme: 'dark' });
      await check(page, `${width}-admin-insights-dark`);
    }
  });

  it('is not for crew: the admin screen says so and asks for nothing', async () => {
    const crew = await makeUser(suite.app, { firstName: 'Nia', lastName: 'Nonadmin' });
    const page = suite.track(await openAs(suite.browser, suite.app, crew, '/admin?tab=insights', true));
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/insights')) asked.push(r.url());
    });
    await page.getByRole('heading', { name: 'Not authorised' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
  });
});
