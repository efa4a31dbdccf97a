// Administrator Settings and Contact Support as a person sees them: every tab empty and then full of
// realistic data (long and short names and texts, many rows), at 1280 and 375 px, with screenshots
// kept under test-artifacts/layout, the layout checks of layout-checks.ts and axe-core. The
// protected owner shows its badge and no delete button.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeAdmin, makeUser, type SignedInUser } from '../../server/test/factories.ts';
import { sql } from '../../server/test/outbox.ts';
import { seriousViolations } from './axe.ts';
import { hasChromium } from './browser.ts';
import { layoutProblems, saveScreenshot } from './layout-checks.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const OWNER = 'owner@crewtrade.test';
const suite = browserSuite({ OWNER_EMAIL: OWNER });
/** How many times the populated test has started in this file's run (CI retries a failed test once). */
let populatedAttempts = 0;

const TABS = ['users', 'support', 'logs', 'user-activity', 'email-templates'] as const;
const TAB_NAMES: Record<(typeof TABS)[number], string> = {
  users: 'Manage Users',
  support: 'Support Requests',
  logs: 'System Activity',
  'user-activity': 'User Activity',
  'email-templates': 'Email Templates',
};

async function check(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  // A toast fading in has a passing colour only once it is in: axe reads the colours as they are.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await saveScreenshot(page, name);
  expect(await layoutProblems(page), name).toEqual([]);
  expect(await seriousViolations(page), name).toEqual([]);
}

async function everyTab(
  admin: SignedInUser,
  state: 'empty' | 'full',
  expectations: (page: Page, tab: (typeof TABS)[number]) => Promise<void>,
) {
  for (const mobile of [false, true]) {
    const page = suite.track(await openAs(suite.browser, suite.app, admin, '/admin', mobile));
    await page.getByRole('heading', { name: 'Administrator Settings' }).waitFor();
    for (const tab of TABS) {
      await page.goto(`/admin?tab=${tab}`);
      expect(await page.getByRole('tab', { name: TAB_NAMES[tab] }).getAttribute('aria-selected')).toBe('true');
      await expectations(page, tab);
      await check(page, `${mobile ? 375 : 1280}-admin-${tab}-${state}`);
    }
  }
}

describe.skipIf(!hasChromium)('admin and support screens, empty and full, 1280 and 375 px', () => {
  // Two tests, empty first (they run in order): each walks ten screens with axe, which takes a while on a busy machine.
  let admin: SignedInUser;
  it('every tab renders its empty state', async () => {
    admin = await makeAdmin(suite.app, { firstName: 'Ada', lastName: 'Admin' });
    // Empty: no support requests, no admin actions, no activity; the users list holds only the admin.
    await everyTab(admin, 'empty', async (page, tab) => {
      if (tab === 'support') await page.getByText('No support requests yet').waitFor();
      if (tab === 'logs') await page.getByText(MSG.noAdminActions).waitFor();
      if (tab === 'user-activity') await page.getByText(MSG.noUserActivity).waitFor();
      if (tab === 'email-templates') await page.getByText(MSG.selectTemplate).waitFor();
      if (tab === 'users') await page.getByText(admin.email).first().waitFor();
    });
  });

  it('every tab renders its populated state; the owner is protected', async () => {
    // Full: a verified owner, crew with long and short names in all three positions, requests of
    // every status and priority with long texts, answers, a deletion, and activity over months.
    // Employee numbers are unique: a retry of this test (CI) takes numbers of its own, as long.
    const attempt = String(++populatedAttempts);
    // A retry starts from the empty state again: what the failed attempt made goes (with its rows).
    if (populatedAttempts > 1) await sql(suite.app.databaseUrl, 'delete from users where id <> $1 and email <> $2', [admin.user.id, OWNER]);
    // The owner's address is the app's configuration: a retry of this test finds the account there.
    const [existing] = await sql<{ id: number }>(suite.app.databaseUrl, 'select id from users where email = $1', [OWNER]);
    const ownerId = existing?.id ?? (await makeUser(suite.app, { email: OWNER, firstName: 'Olivia', lastName: 'Owner' })).user.id;
    await sql(suite.app.databaseUrl, 'update users set email_verified = true, is_admin = true where id = $1', [ownerId]);
    const long = await makeUser(suite.app, {
      firstName: 'Maximiliana-Josephine',
      lastName: 'Vanderbilt-Oppenheimer',
      position: 'flight_attendant',
      employeeNumber: `FA-${attempt}0000123456789`.slice(0, 16),
      airline: 'American',
      base: 'DFW',
    });
    // The longest employee number of wide characters: one line in a 375 px card.
    const short = await makeUser(suite.app, {
      firstName: 'Al',
      lastName: 'Li',
      position: 'first_officer',
      employeeNumber: `MWMW${attempt}0000000015`.slice(0, 15),
    });
    const filed: number[] = [];
    for (const [crew, category, priority, subject, message] of [
      [
        long,
        'technical',
        'urgent',
        'The schedule upload keeps failing with a very long error message on my phone every single time',
        'x '.repeat(600),
      ],
      [short, 'bug', 'low', 'Typo', 'The word "recieve" is misspelled on the Trades page.'],
      [long, 'feedback', 'high', 'Please add dark mode', 'Night flights are hard on the eyes; a dark theme would help a lot.'],
    ] as const) {
      const res = await crew.client.post('/api/support-requests', { category, priority, subject, message });
      expect(res.status).toBe(201);
      filed.push(res.body.id);
    }
    await admin.client.post(`/api/admin/support-requests/${filed[1]}/respond`, { response: 'Fixed, thank you! '.repeat(20) });
    const gone = await makeUser(suite.app, { firstName: 'Gone', lastName: 'Soon' });
    await admin.client.delete(`/api/admin/users/${gone.user.id}`);
    await sql(
      suite.app.databaseUrl,
      "insert into admin_logs (admin_id, action, target_user_id, details) values ($1, 'account_suspended', $2, 'not json')",
      [admin.user.id, short.user.id],
    );
    await sql(
      suite.app.databaseUrl,
      `insert into user_activity_logs (user_id, activity_type, target_user_id, email_type, email_sent, email_recipient, metadata, created_at)
       select case when g % 2 = 0 then $1::int else $2::int end,
              (array['match_created','email_sent','trade_request_sent','trade_request_accepted','trade_request_declined'])[1 + g % 5],
              case when g % 2 = 0 then $2::int else $1::int end,
              case when g % 5 = 1 then 'match_notification' end, case when g % 5 = 1 then g % 3 <> 0 end,
              case when g % 5 = 1 then 'maximiliana.josephine.vanderbilt-oppenheimer@example.com' end,
              (array['{"notificationsEnabled":true}', '{"route":"ATL1234","date":"2025-03-04","extra":"x"}', 'not json at all', null])[1 + g % 4],
              now() - g * interval '9 days'
       from generate_series(1, 70) g`,
      [long.user.id, short.user.id],
    );

    await everyTab(admin, 'full', async (page, tab) => {
      if (tab === 'users') {
        const ownerRow = page.getByText(OWNER).first();
        await ownerRow.waitFor();
        const row = page.locator('tr, li.row-card').filter({ hasText: OWNER });
        expect(await row.textContent()).toContain('Protected');
        expect(await row.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Delete Al Li' }).count()).toBe(1);
      }
      if (tab === 'support') {
        await page.getByText('2 Open').waitFor();
        await page.getByText('1 Resolved').waitFor();
      }
      if (tab === 'logs') {
        await page.getByText('Account permanently deleted').first().waitFor();
        await page.getByText(`Support Request #${filed[1]}`).first().waitFor();
        expect(await page.getByText('Account Suspended').count()).toBeGreaterThan(0);
      }
      if (tab === 'user-activity') {
        await page.getByText('Monthly Activity Breakdown').waitFor();
        expect(await page.locator('.activity-entry').count()).toBe(50);
        await page.getByText('Notifications: Enabled').first().waitFor();
        await page.getByText('not json at all').first().waitFor();
        await page
          .getByText(/delivered/)
          .first()
          .waitFor();
      }
      if (tab === 'email-templates') {
        await page.getByRole('button', { name: /Drop Trade Request/ }).click();
        await page.getByRole('button', { name: 'Preview' }).click();
        await page.locator('iframe.template-preview-frame').waitFor();
      }
    });
  });

  it('Contact Support: the form, its errors, the confirmation and one’s own list, at 1280 and 375 px', async () => {
    const crew = await makeUser(suite.app, { firstName: 'Connie', lastName: 'Contact' });
    for (const mobile of [false, true]) {
      const width = mobile ? 375 : 1280;
      const page = suite.track(await openAs(suite.browser, suite.app, crew, '/contact-support', mobile));
      await page.getByRole('heading', { name: 'Contact Support' }).waitFor();
      await check(page, `${width}-contact-support-empty`);
      await page.getByRole('button', { name: 'Send Support Request' }).click();
      await page.getByText(MSG.supportSubjectRequired).waitFor();
      expect(await page.getByLabel('Subject').getAttribute('aria-invalid')).toBe('true');
      await check(page, `${width}-contact-support-invalid`);
      await page.getByLabel('Subject').fill(`A rather long subject line for the support form at ${width} px wide`);
      await page.getByLabel('Message').fill('Line one of a message that explains the problem.\nLine two adds detail.');
      await page.getByRole('button', { name: 'Send Support Request' }).click();
      await page.getByRole('heading', { name: MSG.supportConfirmTitle }).waitFor();
      await page.locator('.support-own').first().waitFor();
      await check(page, `${width}-contact-support-sent`);
    }
  });
});
