// The roster (docs/decisions/0023, 0040): uploaded on Profile Settings and listed there by kind (days off and
// leave quietly, a kind set by hand kept); a duty on a board request's date marks that card
// "Conflicts with your ATL1234" (a day off never does), and the Request Trade dialog gives the
// reason before sending; "Drop this trip" fills a request from a duty. Admins add an airline's own
// codes. At 1280 and 375 px.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeAdmin, makeUser } from '../../server/test/factories.ts';
import { dayDuty, icsOf } from '../../server/features/roster/roster.fixtures.ts';
import { freshGroup, postRequest, sendOffer } from '../../server/features/offers/offers.fixtures.ts';
import { todayUtc } from '../../protocol/rules.ts';
import { addDays } from '../../protocol/roster-rules.ts';
import { seriousViolations } from './axe.ts';
import { hasChromium } from './browser.ts';
import { layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

async function upload(user: Awaited<ReturnType<typeof makeUser>>, ics: string) {
  const form = new FormData();
  form.append('file', new Blob([ics], { type: 'text/calendar' }), 'roster.ics');
  const res = await user.client.post('/api/roster', form);
  if (res.status !== 200) throw new Error(`roster upload failed: ${res.status} ${res.text}`);
}

describe.skipIf(!hasChromium)('the roster', () => {
  it.each([false, true])(
    'lists the roster by kind, flags only a duty’s clash, and explains in the Request Trade dialog (375 px: %s)',
    async (mobile) => {
      const group = freshGroup();
      const me = await makeUser(suite.app, { ...group, firstName: 'Rosa', lastName: 'Ster' });
      const mate = await makeUser(suite.app, { ...group, firstName: 'Dana', lastName: 'Drop' });
      const today = todayUtc();
      const timed = addDays(today, 5);
      const changed = addDays(today, 8);
      const clash = addDays(today, 12);
      const free = addDays(today, 20);
      const leave = addDays(today, 25);
      await mate.client.post('/api/requests', { type: 'drop', date: clash, routeType: 'pairing', route: 'DAL777', tripDays: 1 });
      await mate.client.post('/api/requests', { type: 'drop', date: free, routeType: 'pairing', route: 'DAL888', tripDays: 1 });
      await mate.client.post('/api/requests', { type: 'drop', date: changed, routeType: 'pairing', route: 'DAL999', tripDays: 1 });
      await mate.client.post('/api/requests', {
        type: 'drop',
        date: addDays(leave, 1),
        routeType: 'pairing',
        route: 'DAL444',
        tripDays: 1,
      });

      // Upload the roster on Profile Settings, as the crew member would: flight duties (one with
      // times), days off written two ways, a leave, a standby and a simulator.
      const compact = (day: string) => day.replaceAll('-', '');
      const file = path.join(os.tmpdir(), `roster-${mobile ? 'm' : 'd'}-${me.user.id}.ics`);
      await writeFile(
        file,
        icsOf([
          { title: 'ATL2468 ATL-BOS-ATL', start: `${compact(timed)}T130000Z`, end: `${compact(timed)}T190000Z` },
          dayDuty('ATL9000 ATL-MCO-ATL', changed),
          dayDuty('ATL1234 ATL-LAX-ATL', clash),
          dayDuty('ATL5678', addDays(clash, 3)),
          dayDuty('Free Day', free),
          dayDuty('OFF', addDays(free, 2)),
          dayDuty('Annual Leave', leave, 3),
          dayDuty('SBY 0500-1700', addDays(today, 30)),
          dayDuty('SIM Recurrent', addDays(today, 35)),
        ]),
      );
      const page = suite.track(await openAs(suite.browser, suite.app, me, '/profile', mobile));
      const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'My Roster' }) });
      await card.getByLabel('Upload .ics file').setInputFiles(file);
      // The server's sentence as it is.
      await page.locator('.toast').filter({ hasText: 'Roster saved: 6 duties, 5 days off or leave' }).waitFor();
      await card.getByText('6 duties, 5 days off or leave in the next 90 days').waitFor();

      // The next 8 entries, each by kind; days off and leave quietly, with no "Drop this trip".
      // By the start of its title ("OFF" alone, not the "Day off" in every entry's menu).
      const entry = (title: string) =>
        card.locator('li.roster-entry').filter({ has: page.locator('.roster-duty-text', { hasText: new RegExp(`^${title}`) }) });
      await entry('ATL2468').waitFor();
      expect(await card.locator('li.roster-entry').count()).toBe(8);
      expect(await entry('ATL2468').textContent()).toMatch(/\d{1,2}:\d{2} (AM|PM) – .*\d{1,2}:\d{2} (AM|PM)/);
      for (const [title, label] of [
        ['Free Day', 'Day off'],
        ['OFF', 'Day off'],
        ['Annual Leave', 'Leave'],
      ] as const) {
        const quiet = entry(title);
        expect(await quiet.locator('.roster-kind').textContent()).toBe(label);
        expect(await quiet.getAttribute('class')).toContain('is-time-off');
        expect(await quiet.getByRole('button', { name: 'Drop this trip' }).count()).toBe(0);
      }
      expect(await entry('ATL1234').locator('.roster-kind').textContent()).toBe('Flight duty');
      expect(await entry('SBY 0500').locator('.roster-kind').textContent()).toBe('Reserve / standby');
      const grey = await entry('Free Day').evaluate((el) => getComputedStyle(el).color);
      expect(await entry('ATL1234').evaluate((el) => getComputedStyle(el).color)).not.toBe(grey);
      expect(await entry('SIM Recurrent').count()).toBe(0);
      await card.getByRole('button', { name: 'Show all 9' }).click();
      expect(await entry('SIM Recurrent').locator('.roster-kind').textContent()).toBe('Training / office');
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await saveScreenshot(page, `${mobile ? 375 : 1280}-profile-roster`);
      expect(await layoutProblems(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      await card.getByRole('button', { name: 'Show fewer' }).click();

      // "Drop this trip": the request form filled from the duty.
      await entry('ATL1234').getByRole('button', { name: 'Drop this trip' }).click();
      const form = page.getByRole('dialog');
      await form.waitFor();
      expect(await form.locator('input[name="route"]').inputValue()).toBe('ATL1234');
      expect(await form.locator('input[type="date"]').first().inputValue()).toBe(clash);
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'detached' });

      // ATL9000 is in fact a day off: set by hand, it is kept across a reload.
      await card.getByLabel(`Kind of ATL9000 ATL-MCO-ATL on ${shortDay(changed)}`).selectOption({ label: 'Day off' });
      await page.locator('.toast').filter({ hasText: 'Kind saved' }).waitFor();
      await entry('ATL9000').getByText('set by you').waitFor();
      await page.reload();
      await entry('ATL9000').getByText('set by you').waitFor();
      expect(await entry('ATL9000').locator('.roster-kind').textContent()).toBe('Day off');
      expect(await entry('ATL9000').getAttribute('class')).toContain('is-time-off');
      expect(await entry('ATL9000').getByRole('button', { name: 'Drop this trip' }).count()).toBe(0);
      expect(await card.getByLabel(`Kind of ATL9000 ATL-MCO-ATL on ${shortDay(changed)}`).inputValue()).toBe('off');
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await saveScreenshot(page, `${mobile ? 375 : 1280}-profile-roster-kind-set`);
      expect(await layoutProblems(page)).toEqual([]);

      // The tradeboard: only the card on a duty's day carries the quiet line; days off, leave and
      // the duty set to a day off do not.
      await page.goto(`${suite.app.url}/all-trades`);
      const boardCard = (route: string) => page.locator('article.request-card').filter({ hasText: route });
      const clashing = boardCard('DAL777');
      const fine = boardCard('DAL888');
      await clashing.getByText('Conflicts with your ATL1234').waitFor();
      for (const route of ['DAL888', 'DAL999', 'DAL444']) {
        await boardCard(route).waitFor();
        expect(
          await boardCard(route)
            .getByText(/Conflicts with/)
            .count(),
        ).toBe(0);
      }
      await saveScreenshot(page, `${mobile ? 375 : 1280}-board-roster-conflict`);
      expect(await layoutProblems(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);

      // Request Trade: the reason, before sending (a warning: Send stays available once the form is filled).
      await clashing.getByRole('button', { name: 'Request Trade' }).click();
      const dialog = page.getByRole('dialog');
      const reasons = dialog.getByRole('note', { name: 'Your roster' });
      await reasons.getByText(`You already fly ATL1234 on ${shortDay(clash)}.`).waitFor();
      await dialog.locator('input[name="tradeDate"]').fill(clash);
      await dialog.locator('input[name="offerRoute"]').fill('ATL1234');
      expect(await dialog.getByRole('button', { name: 'Send Request' }).isEnabled()).toBe(true);
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await saveScreenshot(page, `${mobile ? 375 : 1280}-request-trade-roster-reason`);
      expect(await layoutProblems(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      // No reasons for the trip on a day off.
      await fine.getByRole('button', { name: 'Request Trade' }).click();
      await dialog.locator('input[name="tradeDate"]').waitFor();
      // The check answers quickly; give it the time a busy machine needs before saying nothing came.
      await page.waitForLoadState('networkidle');
      expect(await dialog.getByRole('note', { name: 'Your roster' }).count()).toBe(0);
    },
  );

  it('removing the roster says so', async () => {
    const me = await makeUser(suite.app, { ...freshGroup(), firstName: 'Rosa', lastName: 'Ster' });
    await upload(me, icsOf([dayDuty('ATL4321', addDays(todayUtc(), 4))]));
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/profile'));
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'My Roster' }) });
    await card.getByRole('button', { name: 'Remove roster' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove roster' }).click();
    await page.locator('.toast').filter({ hasText: 'Roster removed' }).waitFor();
    await card.getByRole('button', { name: 'Remove roster' }).waitFor({ state: 'detached' });
  });

  it.each([false, true])('admins set an airline’s roster rules and own codes in Administrator Settings (375 px: %s)', async (mobile) => {
    const admin = await makeAdmin(suite.app);
    const page = suite.track(await openAs(suite.browser, suite.app, admin, '/admin-panel?tab=roster-rules', mobile));
    // One airline per run: both runs share the app's database.
    const airline = mobile ? 'Spirit' : 'JetBlue';
    const row = page.locator('li.roster-rules-row').filter({ hasText: airline });
    const days = row.getByLabel('Duty days in a row');
    await days.waitFor();
    expect(await days.inputValue()).toBe('6');
    expect(await row.getByLabel('Rest (hours)').inputValue()).toBe('10');

    // The server's words when it refuses.
    await days.fill('0');
    await row.getByRole('button', { name: 'Save' }).click();
    await page.locator('.toast').filter({ hasText: 'Days in a row must be a whole number from 1 to 31.' }).waitFor();

    // The limit, and the airline's own code for a day off (a second row added, then taken away).
    await days.fill(mobile ? '5' : '7');
    await row.getByText('None yet.').waitFor();
    await row.getByRole('button', { name: 'Add code' }).click();
    await row.getByLabel('Code 1', { exact: true }).fill('FRD');
    await row.getByLabel('Kind of code 1').selectOption({ label: 'Day off' });
    await row.getByRole('button', { name: 'Add code' }).click();
    await row.getByLabel('Code 2', { exact: true }).fill('LVX');
    await row.getByLabel('Kind of code 2').selectOption({ label: 'Leave' });
    await row.getByRole('button', { name: 'Add code' }).click();
    await row.getByRole('button', { name: 'Remove code 2' }).click();
    expect(await row.getByLabel('Code 2', { exact: true }).inputValue()).toBe('');
    await row.getByRole('button', { name: 'Save' }).click();
    await page.locator('.toast').filter({ hasText: 'Roster rules saved' }).waitFor();
    // The empty row is not a code: what was saved is what is shown.
    expect(await row.getByLabel('Code 2', { exact: true }).count()).toBe(0);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await saveScreenshot(page, `${mobile ? 375 : 1280}-admin-roster-rules`);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    const rules = await admin.client.get('/api/admin/roster-rules');
    const saved = rules.body.find((r: { airline: string }) => r.airline === airline);
    expect(saved.maxConsecutiveDays).toBe(mobile ? 5 : 7);
    expect(saved.kindPatterns).toEqual([{ pattern: 'FRD', kind: 'off' }]);

    // Read back as saved.
    await page.reload();
    expect(await row.getByLabel('Code 1', { exact: true }).inputValue()).toBe('FRD');
    expect(await row.getByLabel('Kind of code 1').inputValue()).toBe('off');
  });

  it.each([false, true])(
    'an offer’s Accept gives the roster’s reason first; the crew member may still accept (375 px: %s)',
    async (mobile) => {
      const group = freshGroup();
      const me = await makeUser(suite.app, { ...group, firstName: 'Rosa', lastName: 'Ster' });
      const mate = await makeUser(suite.app, { ...group, firstName: 'Dana', lastName: 'Drop' });
      const clash = addDays(todayUtc(), 15);
      await upload(me, icsOf([dayDuty('ATL4321', clash)]));
      // I want a trip on that day; the mate drops theirs to me: accepting, I would fly it.
      const mine = await postRequest(me, { type: 'pickup', date: clash, route: 'WANT1' });
      await sendOffer(mate, mine, { requestType: 'drop', offerRoute: 'DAL555' });

      const page = suite.track(await openAs(suite.browser, suite.app, me, '/trades', mobile));
      await page.getByRole('button', { name: 'Accept' }).click();
      const confirmDialog = page.getByRole('alertdialog');
      await confirmDialog.getByText(`You already fly ATL4321 on ${shortDay(clash)}.`).waitFor();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await saveScreenshot(page, `${mobile ? 375 : 1280}-offer-accept-roster-reason`);
      expect(await layoutProblems(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      await confirmDialog.getByRole('button', { name: 'Accept anyway' }).click();
      await page.locator('.toast').filter({ hasText: 'Trade request response sent' }).waitFor();
    },
  );
});

function shortDay(day: string): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${months[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;
}
