// The roster's warnings before one's own trade moves (docs/decisions/0023): the New Request dialog
// gives the roster's reasons for a pickup (or a trade's requested date) on a rostered day before
// Post Request, and says nothing on a day off or for a drop; an offer received on /trades for a
// trip on a duty day says "Conflicts with your …" on its card before Accept is pressed. A warning,
// never a block. At 1280 and 375 px.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REQUESTS_MSG } from '#protocol/messages/requests.ts';
import { todayUtc } from '../../protocol/rules.ts';
import { addDays, shortDay } from '../../protocol/roster-rules.ts';
import { makeUser, type SignedInUser } from '../../server/test/factories.ts';
import { dayDuty, icsOf, type TestEvent } from '../../server/features/roster/roster.fixtures.ts';
import { freshGroup, postRequest, sendOffer } from '../../server/features/offers/offers.fixtures.ts';
import { seriousViolations } from './axe.ts';
import { hasChromium } from './browser.ts';
import { LAYOUT_ARTIFACTS, layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

async function uploadRoster(crew: SignedInUser, events: TestEvent[]) {
  const form = new FormData();
  form.append('file', new Blob([icsOf(events)], { type: 'text/calendar' }), 'roster.ics');
  const res = await crew.client.post('/api/roster', form);
  if (res.status !== 200) throw new Error(`roster upload failed: ${res.status} ${res.text}`);
}

/** A timed flight duty on `day` (UTC), as a scheduling system writes one. */
const flight = (title: string, day: string): TestEvent => {
  const compact = day.replaceAll('-', '');
  return { title, start: `${compact}T080000Z`, end: `${compact}T170000Z` };
};

/** A date field changed several times within one task, as typing a date's digits does (0002, 0020, 0202, 2026). */
async function typeDateBurst(page: Page, name: string, values: string[]) {
  await page.locator(`input[name="${name}"]`).evaluate((input, all) => {
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const value of all) {
      set.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, values);
}

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

describe.skipIf(!hasChromium)('the roster’s warnings', () => {
  it.each([false, true])(
    'New Request: a pickup on a duty day shows the reason before posting; a day off or a drop shows none (375 px: %s)',
    async (mobile) => {
      const me = await makeUser(suite.app, { ...freshGroup(), firstName: 'Rosa', lastName: 'Ster' });
      const duty = addDays(todayUtc(), 12);
      const off = addDays(todayUtc(), 20);
      await uploadRoster(me, [flight('ATL1234 ATL-LAX-ATL', duty), dayDuty('Free Day', off)]);
      const reason = `You already fly ATL1234 on ${shortDay(duty)}.`;

      const page = suite.track(await openAs(suite.browser, suite.app, me, '/all-trades', mobile));
      const checks: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/roster/check')) checks.push(new URL(r.url()).searchParams.get('date') ?? '');
      });
      const checked = (date: string) => page.waitForResponse((r) => r.url().includes('/api/roster/check') && r.url().includes(date));

      await page.getByRole('button', { name: 'New Trade Request' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New Trade Request' });
      const note = dialog.getByRole('note', { name: 'Your roster' });
      const date = dialog.locator('input[name="date"]');

      // A drop gives the trip away: nothing asked, nothing shown (the wait is longer than the form's pause).
      await date.fill(duty);
      await page.waitForTimeout(1_000);
      expect(checks).toEqual([]);
      expect(await note.count()).toBe(0);

      // A pickup on the duty day: the reason and the hint, before Post Request.
      await dialog.getByRole('radio', { name: 'Pick Up' }).check();
      await note.getByText(reason).waitFor();
      await note.getByText('You can still go ahead: your airline decides.').waitFor();
      expect(checks).toEqual([duty]);
      await settled(page);
      await saveScreenshot(page, `${mobile ? 375 : 1280}-new-request-roster-reason`);
      expect(await layoutProblems(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);

      // A date typed digit by digit is asked about once, when it rests: the day off shows nothing.
      const offAnswer = checked(off);
      await typeDateBurst(page, 'date', [`0002${off.slice(4)}`, `0020${off.slice(4)}`, off]);
      await offAnswer;
      await page.waitForTimeout(300);
      expect(await note.count()).toBe(0);
      expect(checks).toEqual([duty, off]);

      // A trade: the trip it would have one fly is its requested date, not the date it gives away.
      await dialog.getByRole('radio', { name: 'Trade' }).check();
      await dialog.getByLabel('Requested date 1').fill(duty);
      await note.getByText(reason).waitFor();

      // Posting is never blocked: a pickup on the duty day, with the warning shown, is posted.
      await dialog.getByRole('radio', { name: 'Pick Up' }).check();
      await date.fill(duty);
      await note.getByText(reason).waitFor();
      await dialog.locator('input[name="route"]').fill('WANT1');
      await dialog.getByRole('button', { name: 'Post Request' }).click();
      await page.locator('.toast').filter({ hasText: REQUESTS_MSG.requestPosted }).waitFor();
      await dialog.waitFor({ state: 'detached' });
    },
  );

  it.each([false, true])(
    'Trades: an offer received for a trip on a duty day says "Conflicts with your …" on its card before Accept (375 px: %s)',
    async (mobile) => {
      const group = freshGroup();
      const me = await makeUser(suite.app, { ...group, firstName: 'Rosa', lastName: 'Ster' });
      const mate = await makeUser(suite.app, { ...group, firstName: 'Dana', lastName: 'Drop' });
      const duty = addDays(todayUtc(), 15);
      const off = addDays(todayUtc(), 22);
      await uploadRoster(me, [flight('ATL4321', duty), dayDuty('Free Day', off)]);
      // I want trips on both days; the mate drops theirs to me: accepting, I would fly them.
      const onDuty = await postRequest(me, { type: 'pickup', date: duty, route: 'WANT1' });
      const onOff = await postRequest(me, { type: 'pickup', date: off, route: 'WANT2' });
      await sendOffer(mate, onDuty, { requestType: 'drop', offerRoute: 'DAL555' });
      await sendOffer(mate, onOff, { requestType: 'drop', offerRoute: 'DAL666' });

      const page = suite.track(await openAs(suite.browser, suite.app, me, '/trades', mobile));
      const clashing = page.getByRole('article').filter({ hasText: 'DAL555' });
      const fine = page.getByRole('article').filter({ hasText: 'DAL666' });
      await clashing.getByText('Conflicts with your ATL4321').waitFor();
      // Both lines are worked out from the one roster, at once: the other card has none.
      expect(await fine.getByText(/Conflicts with/).count()).toBe(0);
      await settled(page);
      await saveScreenshot(page, `${mobile ? 375 : 1280}-trades-offer-roster-conflict`);
      await clashing.screenshot({ path: path.join(LAYOUT_ARTIFACTS, `${mobile ? 375 : 1280}-trades-offer-card-roster-conflict.png`) });
      expect(await layoutProblems(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);

      // Accept still asks first, with the reason; cancelling leaves the offer pending.
      await clashing.getByRole('button', { name: 'Accept' }).click();
      const confirmDialog = page.getByRole('alertdialog');
      await confirmDialog.getByText(`You already fly ATL4321 on ${shortDay(duty)}.`).waitFor();
      await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
      await confirmDialog.waitFor({ state: 'detached' });
      await clashing.getByText('Conflicts with your ATL4321').waitFor();
    },
  );
});
