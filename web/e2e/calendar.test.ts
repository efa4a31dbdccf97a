// My Month (/calendar, issue 43) at 1280 and 375 px: with a roster uploaded and drops posted, the
// month shows each duty and each drop on its day; a drop on another duty's day is marked as a
// conflict (the drop of the duty itself is not); a day opens its details (times at the base, Edit and
// Delete); the arrows change the month and the URL; the arrow keys move between days, past the
// month's edge too, and Enter opens one. No sideways scroll, no serious axe finding. Weeks start on
// the browser locale's first day.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { makeUser, type SignedInUser } from '../../server/test/factories.ts';
import { dayDuty, icsOf } from '../../server/features/roster/roster.fixtures.ts';
import { dayIn, todayUtc } from '../../protocol/rules.ts';
import { addDays } from '../../protocol/roster-rules.ts';
import { seriousViolations } from './axe.ts';
import { hasChromium } from './browser.ts';
import { layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const monthTitle = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
const longDay = (day: string) =>
  `${WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]}, ${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;
const nextMonth = (month: string) => addDays(`${month}-28`, 7).slice(0, 7);
const previousMonth = (month: string) => addDays(`${month}-01`, -1).slice(0, 7);

async function upload(user: SignedInUser, ics: string) {
  const form = new FormData();
  form.append('file', new Blob([ics], { type: 'text/calendar' }), 'roster.ics');
  const res = await user.client.post('/api/roster', form);
  if (res.status !== 200) throw new Error(`roster upload failed: ${res.status} ${res.text}`);
}

async function post(user: SignedInUser, body: Record<string, unknown>) {
  const res = await user.client.post('/api/requests', { routeType: 'pairing', tripDays: 1, ...body });
  if (res.status !== 201) throw new Error(`request failed: ${res.status} ${res.text}`);
}

const focusedDay = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-day') ?? document.activeElement?.tagName);
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

describe.skipIf(!hasChromium)('My Month', () => {
  it.each([false, true])(
    'shows the roster’s duties and one’s own drops on their days, marks the drop on a duty’s day, moves by month and by keyboard (375 px: %s)',
    async (mobile) => {
      // ATL: the base's zone is New York's, where a duty's times are read.
      const me = await makeUser(suite.app, { base: 'ATL', firstName: 'Rosa', lastName: 'Ster' });
      // A month a few weeks ahead: all of its first 28 days are in the roster's next 90 days.
      const month = addDays(todayUtc(), 35).slice(0, 7);
      const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
      const compact = (d: string) => d.replaceAll('-', '');
      await upload(
        me,
        icsOf([
          dayDuty('ATL1234 ATL-LAX-ATL', day(10)),
          { title: 'ATL2468 ATL-BOS-ATL', start: `${compact(day(12))}T130000Z`, end: `${compact(day(12))}T190000Z` },
          dayDuty('SBY 0500-1700', day(14)),
          dayDuty('OFF', day(15)),
          dayDuty('SIM Recurrent', day(16)),
          dayDuty('Annual Leave', day(22), 2),
        ]),
      );
      // A drop on ATL1234's day that is another trip: a conflict. The drop of ATL2468 itself: none.
      await post(me, { type: 'drop', date: day(10), route: 'XYZ999' });
      await post(me, { type: 'drop', date: day(12), route: 'ATL2468' });
      await post(me, { type: 'drop', date: day(18), route: 'DAL100', tripDays: 2 });

      const page = suite.track(await openAs(suite.browser, suite.app, me, `/calendar?month=${month}`, mobile));
      await page.getByRole('heading', { name: 'My Month', level: 1 }).waitFor();
      const grid = page.getByRole('grid', { name: monthTitle(month) });
      await grid.waitFor();
      const cell = (d: string) => grid.locator(`[role="gridcell"][data-day="${d}"]`);
      // A cell's name, as a screen reader reads it (its words; what it draws is hidden from it).
      const named = (d: string) => cell(d).locator('.cal-label').textContent();
      const expectNamed = async (d: string, name: string) =>
        expect(await grid.getByRole('gridcell', { name, exact: true }).getAttribute('data-day')).toBe(d);
      await expect.poll(() => named(day(10))).toContain('your drop');

      // Each day says what it holds, as a screen reader reads it.
      await expectNamed(day(10), `${longDay(day(10))}: ATL1234 flight duty; your drop, conflicts with ATL1234`);
      await expectNamed(day(12), `${longDay(day(12))}: ATL2468 flight duty; your drop`);
      await expectNamed(day(14), `${longDay(day(14))}: SBY 0500-1700 reserve`);
      await expectNamed(day(15), `${longDay(day(15))}: day off`);
      await expectNamed(day(16), `${longDay(day(16))}: SIM Recurrent training`);
      await expectNamed(day(19), `${longDay(day(19))}: your drop`);
      await expectNamed(day(23), `${longDay(day(23))}: leave`);
      await expectNamed(day(11), longDay(day(11)));
      // The conflict is marked where it shows, and only there.
      expect(await cell(day(10)).getAttribute('class')).toContain('has-conflict');
      expect(await cell(day(12)).getAttribute('class')).not.toContain('has-conflict');
      expect(await grid.locator('.has-conflict').count()).toBe(1);
      // Weeks start on Sunday for en-US (the browser's locale here).
      expect(await grid.getByRole('columnheader').first().textContent()).toContain('Sunday');

      if (mobile) {
        // A phone: dots in the grid, the month's busy days listed below it.
        expect(await cell(day(10)).locator('.cal-dots').isVisible()).toBe(true);
        expect(await cell(day(10)).locator('.cal-chips').isVisible()).toBe(false);
        const list = page.getByRole('region', { name: 'This month' });
        await list.getByRole('button', { name: /Drop XYZ999/ }).waitFor();
        expect(await list.getByRole('button').count()).toBe(9);
      } else {
        expect(await cell(day(10)).getByText('ATL1234', { exact: true }).isVisible()).toBe(true);
        expect(await cell(day(10)).getByText('Drop XYZ999').isVisible()).toBe(true);
        expect(await page.getByRole('region', { name: 'This month' }).isVisible()).toBe(false);
      }

      // A day opens its details: the duty at the base, the drop with Edit and Delete and its conflict.
      await cell(day(10)).click();
      const details = page.getByRole('region', { name: longDay(day(10)) });
      await details.waitFor();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
      await details.getByText('ATL1234 ATL-LAX-ATL').waitFor();
      await details.getByText('All day').waitFor();
      await details.getByText('Conflicts with your ATL1234').waitFor();
      expect(await details.getByRole('button', { name: 'Edit' }).count()).toBe(1);
      expect(await details.getByRole('button', { name: 'Delete' }).count()).toBe(1);
      await settled(page);
      await saveScreenshot(page, `${mobile ? 375 : 1280}-calendar`);
      expect(await layoutProblems(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      // The dark scheme reads as well (the tones turn dark, their text light).
      await page.emulateMedia({ colorScheme: 'dark' });
      await settled(page);
      await saveScreenshot(page, `${mobile ? 375 : 1280}-calendar-dark`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });

      // A timed duty's times, at the base (New York).
      await cell(day(12)).click();
      const timed = page.getByRole('region', { name: longDay(day(12)) });
      await timed.getByText(/\d{1,2}:00 (AM|PM) – \d{1,2}:00 (AM|PM) E[SD]T/).waitFor();
      expect(await timed.getByText(/Conflicts with/).count()).toBe(0);

      // Edit opens the request dialog; Delete, confirmed, takes the drop off its days.
      await cell(day(18)).click();
      const dropDay = page.getByRole('region', { name: longDay(day(18)) });
      await dropDay.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Trade Request' });
      expect(await edit.locator('input[name="route"]').inputValue()).toBe('DAL100');
      await page.keyboard.press('Escape');
      await edit.waitFor({ state: 'detached' });
      await dropDay.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => named(day(19))).toBe(longDay(day(19)));

      // Keyboard: one tab stop, the arrow keys move between days, Enter opens one.
      await cell(day(10)).focus();
      await page.keyboard.press('ArrowRight');
      expect(await focusedDay(page)).toBe(day(11));
      await page.keyboard.press('ArrowDown');
      expect(await focusedDay(page)).toBe(day(18));
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowUp');
      expect(await focusedDay(page)).toBe(day(10));
      expect(await grid.locator('[role="gridcell"][tabindex="0"]').count()).toBe(1);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(longDay(day(10)));

      // Past the month's last day: the next month, in the URL too.
      const last = addDays(`${nextMonth(month)}-01`, -1);
      await cell(day(10)).focus();
      await page.keyboard.press('PageDown');
      await expect.poll(() => new URL(page.url()).searchParams.get('month')).toBe(nextMonth(month));
      await expect.poll(() => focusedDay(page)).toBe(`${nextMonth(month)}-10`);
      await page.keyboard.press('PageUp');
      await expect.poll(() => focusedDay(page)).toBe(day(10));
      await cell(last).focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => focusedDay(page)).toBe(`${nextMonth(month)}-01`);
      expect(new URL(page.url()).searchParams.get('month')).toBe(nextMonth(month));
      await page.getByRole('grid', { name: monthTitle(nextMonth(month)) }).waitFor();

      // The arrows change the month and the URL; Today comes back to today's.
      await page.getByRole('button', { name: 'Previous month' }).click();
      await page.getByRole('grid', { name: monthTitle(month) }).waitFor();
      expect(new URL(page.url()).searchParams.get('month')).toBe(month);
      await page.getByRole('button', { name: 'Previous month' }).click();
      await page.getByRole('grid', { name: monthTitle(previousMonth(month)) }).waitFor();
      expect(new URL(page.url()).searchParams.get('month')).toBe(previousMonth(month));
      await page.getByRole('button', { name: 'Next month' }).click();
      await page.getByRole('grid', { name: monthTitle(month) }).waitFor();
      expect(new URL(page.url()).searchParams.get('month')).toBe(month);
      await page.getByRole('button', { name: 'Today', exact: true }).click();
      const todayMonth = dayIn((await me.client.get('/api/auth/user')).body.timeZone).slice(0, 7);
      await page.getByRole('grid', { name: monthTitle(todayMonth) }).waitFor();

      // Reached from the navigation.
      if (mobile) await page.getByRole('button', { name: 'Navigation' }).click();
      const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Month' });
      expect(await link.getAttribute('aria-current')).toBe('page');
      await settled(page);
      expect(await layoutProblems(page)).toEqual([]);
    },
  );

  it('a week starts on the locale’s first day: Monday in Germany', async () => {
    const me = await makeUser(suite.app, { base: 'ATL' });
    const context = await suite.browser.newContext({ baseURL: suite.app.url, locale: 'de-DE', viewport: { width: 1280, height: 900 } });
    const [name, ...rest] = me.client.cookieHeader.split('=');
    await context.addCookies([{ name: name!, value: rest.join('='), url: suite.app.url, httpOnly: true, sameSite: 'Lax' }]);
    const page = suite.track(await context.newPage());
    await page.goto('/calendar?month=2030-09');
    const grid = page.getByRole('grid', { name: 'September 2030' });
    await grid.waitFor();
    expect(await grid.getByRole('columnheader').first().textContent()).toContain('Monday');
    // September 1, 2030 is a Sunday: the last cell of the first row.
    const firstRow = grid.getByRole('row').nth(1).getByRole('gridcell');
    expect(await firstRow.nth(6).getAttribute('data-day')).toBe('2030-09-01');
  });

  it('the dashboard links to My Month', async () => {
    const me = await makeUser(suite.app, { base: 'ATL' });
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/'));
    await page.locator('main').getByRole('link', { name: 'My Month' }).click();
    await page.getByRole('heading', { name: 'My Month', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/calendar');
  });
});
