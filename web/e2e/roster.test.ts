// The roster (docs/decisions/0023): uploaded on Profile Settings, a duty on a board request's date marks that
// card "Conflicts with your ATL1234", and the Request Trade dialog gives the reason before sending;
// "Drop this trip" fills a request from a duty. At 1280 and 375 px.
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
  it.each([false, true])('flags the clashing card and explains in the Request Trade dialog (375 px: %s)', async (mobile) => {
    const group = freshGroup();
    const me = await makeUser(suite.app, { ...group, firstName: 'Rosa', lastName: 'Ster' });
    const mate = await makeUser(suite.app, { ...group, firstName: 'Dana', lastName: 'Drop' });
    const clash = addDays(todayUtc(), 12);
    const free = addDays(todayUtc(), 20);
    await mate.client.post('/api/requests', { type: 'drop', date: clash, routeType: 'pairing', route: 'DAL777', tripDays: 1 });
    await mate.client.post('/api/requests', { type: 'drop', date: free, routeType: 'pairing', route: 'DAL888', tripDays: 1 });

    // Upload the roster on Profile Settings, as the crew member would.
    const file = path.join(os.tmpdir(), `roster-${mobile ? 'm' : 'd'}-${me.user.id}.ics`);
    await writeFile(file, icsOf([dayDuty('ATL1234 ATL-LAX-ATL', clash), dayDuty('ATL5678', addDays(clash, 3))]));
    const page = suite.track(await openAs(suite.browser, suite.app, me, '/profile', mobile));
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'My Roster' }) });
    await card.getByLabel('Upload .ics file').setInputFiles(file);
    await page.locator('.toast').filter({ hasText: 'Roster saved: 2 duties' }).waitFor();
    await card.getByText('2 duties in the next 90 days').waitFor();
    await card.getByRole('button', { name: 'Drop this trip' }).first().waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await saveScreenshot(page, `${mobile ? 375 : 1280}-profile-roster`);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // "Drop this trip": the request form filled from the duty.
    await card.getByRole('button', { name: 'Drop this trip' }).first().click();
    const form = page.getByRole('dialog');
    await form.waitFor();
    expect(await form.locator('input[name="route"]').inputValue()).toBe('ATL1234');
    expect(await form.locator('input[type="date"]').first().inputValue()).toBe(clash);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    // The tradeboard: the clashing card carries the quiet line, the other does not.
    await page.goto(`${suite.app.url}/all-trades`);
    const clashing = page.locator('article.request-card').filter({ hasText: 'DAL777' });
    const fine = page.locator('article.request-card').filter({ hasText: 'DAL888' });
    await clashing.getByText('Conflicts with your ATL1234').waitFor();
    await fine.waitFor();
    expect(await fine.getByText(/Conflicts with/).count()).toBe(0);
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

    // No reasons for the free trip.
    await fine.getByRole('button', { name: 'Request Trade' }).click();
    await dialog.locator('input[name="tradeDate"]').waitFor();
    // The check answers quickly; give it the time a busy machine needs before saying nothing came.
    await page.waitForLoadState('networkidle');
    expect(await dialog.getByRole('note', { name: 'Your roster' }).count()).toBe(0);
  });

  it.each([false, true])('admins set an airline’s roster rules in Administrator Settings (375 px: %s)', async (mobile) => {
    const admin = await makeAdmin(suite.app);
    const page = suite.track(await openAs(suite.browser, suite.app, admin, '/admin-panel?tab=roster-rules', mobile));
    // One airline per run: both runs share the app's database.
    const airline = mobile ? 'Spirit' : 'JetBlue';
    const row = page.locator('li').filter({ hasText: airline });
    const days = row.getByLabel('Duty days in a row');
    await days.waitFor();
    expect(await days.inputValue()).toBe('6');
    expect(await row.getByLabel('Rest (hours)').inputValue()).toBe('10');
    await days.fill(mobile ? '5' : '7');
    await row.getByRole('button', { name: 'Save' }).click();
    await page.locator('.toast').filter({ hasText: 'Roster rules saved' }).waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await saveScreenshot(page, `${mobile ? 375 : 1280}-admin-roster-rules`);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    const rules = await admin.client.get('/api/admin/roster-rules');
    expect(rules.body.find((r: { airline: string }) => r.airline === airline).maxConsecutiveDays).toBe(mobile ? 5 : 7);
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
