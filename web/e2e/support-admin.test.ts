// Contact Support and Administrator Settings in the browser: a crew member files a request, the
// admin sees it live in the bell, opens the Support tab from it and responds, and the crew member
// sees the answer live; the admin deletes a user through the confirmation dialog; a template edit
// with preview; a crew member on an admin route sees "Not authorised" and nothing is fetched.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { EmailTemplateItem } from '#protocol/shapes.ts';
import { makeAdmin, makeUser } from '../../server/test/factories.ts';
import { sql } from '../../server/test/outbox.ts';
import { hasChromium } from './browser.ts';
import { openAs } from './session.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

describe.skipIf(!hasChromium)('support and administration in the browser', () => {
  it('crew files a request; the admin sees it live in the bell, responds from the Support tab; the crew member sees the answer live', async () => {
    const crew = await makeUser(suite.app, { firstName: 'Sam', lastName: 'Support' });
    const admin = await makeAdmin(suite.app, { firstName: 'Ada', lastName: 'Admin' });
    const a = suite.track(await openAs(suite.browser, suite.app, admin, '/'));
    await a.getByRole('heading', { name: /^Welcome/ }).waitFor();
    const c = suite.track(await openAs(suite.browser, suite.app, crew, '/contact-support'));
    await c.getByRole('heading', { name: 'Contact Support' }).waitFor();
    await c.getByText('You have not sent any support requests yet.').waitFor();

    // The form's own checks first: nothing is sent.
    await c.getByRole('button', { name: 'Send Support Request' }).click();
    await c.getByText(MSG.supportSubjectRequired).waitFor();
    await c.getByLabel('Message').fill('Too short');
    await c.getByRole('button', { name: 'Send Support Request' }).click();
    await c.getByText(MSG.supportMessageTooShort).waitFor();
    expect(await sql(suite.app.databaseUrl, 'select id from support_requests where user_id = $1', [crew.user.id])).toEqual([]);

    expect(await c.getByLabel('Category').inputValue()).toBe('');
    await c.getByLabel('Category').selectOption('trade');
    await c.getByLabel('Subject').fill('My accepted trade did not show up');
    await c.getByLabel('Message').fill('I accepted a trade with a colleague yesterday, and it is not on my Completed tab.');
    await c.getByRole('button', { name: 'Send Support Request' }).click();
    await c.getByRole('heading', { name: MSG.supportConfirmTitle }).waitFor();
    await c.getByText(MSG.supportConfirmText).waitFor();
    await toast(c, MSG.supportSent).waitFor();
    expect(await c.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/');

    // Live in the admin's bell, without a reload.
    await expect.poll(() => bell(a).textContent(), { timeout: 10_000 }).toMatch(/1 unread notification/);
    await bell(a).click();
    const entry = a.getByRole('region', { name: 'Admin' }).getByRole('button', { name: /New Support Request/ });
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Sam Support: My accepted trade did not show up');
    await entry.click();
    await expect.poll(() => new URL(a.url()).pathname + new URL(a.url()).search).toBe('/admin-panel?tab=support');
    expect(await a.getByRole('tab', { name: 'Support Requests' }).getAttribute('aria-selected')).toBe('true');
    await a.getByText('1 Open').waitFor();
    const row = a.getByRole('row').filter({ hasText: 'My accepted trade did not show up' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Trade Problems');

    await row.getByRole('button', { name: 'Respond' }).click();
    const dialog = a.getByRole('dialog', { name: 'Respond to Support Request' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('I accepted a trade with a colleague yesterday');
    const send = dialog.getByRole('button', { name: 'Send Response' });
    expect(await send.isDisabled()).toBe(true);
    const box = dialog.getByLabel('Your Response');
    expect(await box.getAttribute('placeholder')).toBe('Type your response to the user...');
    await box.fill('   ');
    expect(await send.isDisabled(), 'blank after trimming').toBe(true);
    await box.fill('  We found it: the trade is fixed now.  ');
    await send.click();
    await toast(a, MSG.responseSentTitle).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await a.getByText('1 Resolved').waitFor();
    await row.getByRole('button', { name: 'View Response' }).click();
    const view = a.getByRole('dialog', { name: 'View Response' });
    expect(await view.textContent()).toContain('We found it: the trade is fixed now.');
    // The backdrop closes it.
    await a.locator('.modal-backdrop').click({ position: { x: 5, y: 5 } });
    await expect.poll(() => view.count()).toBe(0);

    // The crew member, still on the confirmation, gets the answer live below it.
    const own = c.locator('.support-own').filter({ hasText: 'My accepted trade did not show up' });
    await expect.poll(() => own.textContent(), { timeout: 10_000 }).toContain('We found it: the trade is fixed now.');
    expect(await own.textContent()).toContain('Resolved');
    await c.getByRole('button', { name: 'Submit Another Request' }).click();
    expect(await c.getByLabel('Subject').inputValue()).toBe('');
  });

  it('the admin deletes a user through the confirmation dialog (Cancel keeps it), and System Activity shows it', async () => {
    const admin = await makeAdmin(suite.app, { firstName: 'Del', lastName: 'Admin' });
    const victim = await makeUser(suite.app, { firstName: 'Vera', lastName: 'Gone' });
    const a = suite.track(await openAs(suite.browser, suite.app, admin, '/admin/users'));
    expect(await a.getByRole('tab', { name: 'Manage Users' }).getAttribute('aria-selected')).toBe('true');
    const row = a.getByRole('row').filter({ hasText: victim.email });
    await row.waitFor();
    expect(await a.getByRole('row').filter({ hasText: admin.email }).textContent()).toContain('ADMIN');
    await row.getByRole('button', { name: 'Delete Vera Gone' }).click();
    const dialog = a.getByRole('alertdialog').or(a.getByRole('dialog')).filter({ hasText: 'Delete User Account' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      'Are you sure you want to delete the account for Vera Gone? This action cannot be undone and will remove all their data including requests, messages, and trade history.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await sql(suite.app.databaseUrl, 'select count(*)::int as n from users where id = $1', [victim.user.id]))[0]!.n).toBe(1);
    await row.getByRole('button', { name: 'Delete Vera Gone' }).click();
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await toast(a, MSG.userDeletedTitle).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    expect((await sql(suite.app.databaseUrl, 'select count(*)::int as n from users where id = $1', [victim.user.id]))[0]!.n).toBe(0);
    // System Activity shows it.
    await a.getByRole('tab', { name: 'System Activity' }).click();
    await a.getByText('Account permanently deleted').first().waitFor();
    // Date & Time as the spec writes dates with a time: "Jan 5, 2025 at 3:04 PM".
    const logRow = a.getByRole('row').filter({ hasText: 'Account permanently deleted' }).first();
    expect(await logRow.textContent()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/);
    expect(await logRow.textContent()).not.toMatch(/\d{4}, \d{1,2}:\d{2}/);
  });

  it('a template edit with preview: sample values in a sandboxed frame, Save, and the list shows the change', async () => {
    const admin = await makeAdmin(suite.app);
    const a = suite.track(await openAs(suite.browser, suite.app, admin, '/admin?tab=email-templates'));
    await a.getByText(MSG.selectTemplate).waitFor();
    const item = a.getByRole('button', { name: /Match Notification/ });
    expect(await item.textContent()).toContain('When the system finds compatible requests');
    expect(await item.textContent()).toMatch(/\+\d+ more/);
    await item.click();
    await a.getByText('{{matchedUserName}}').first().waitFor();
    await a.getByRole('button', { name: 'Preview' }).click();
    const frame = a.locator('iframe.template-preview-frame');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await expect.poll(() => a.frameLocator('iframe.template-preview-frame').locator('body').textContent()).toContain('Jordan Smith');
    expect(await a.frameLocator('iframe.template-preview-frame').locator('body').textContent()).not.toContain('{{');

    await a.getByRole('button', { name: 'Edit' }).click();
    await a.getByLabel('Subject Template').fill('Match for {{recipientName}} with {{ matchedUserName }}');
    // The preview follows the edit before it is saved.
    await expect.poll(() => a.locator('.template-preview-subject').textContent()).toContain('Match for Jordan Smith with Alex Rivera');
    // A broken template is refused with the server's message and stays in edit mode.
    await a.getByLabel('HTML Template').fill('<p>{{recipientName</p>');
    await a.getByRole('button', { name: 'Save' }).click();
    await toast(a, 'A {{ placeholder is not closed in HTML Template').waitFor();
    await a.getByLabel('HTML Template').fill('<p>Hello {{recipientName}}, meet {{matchedUserName}}.</p>');
    await a.getByRole('button', { name: 'Save' }).click();
    await toast(a, MSG.templateUpdatedTitle).waitFor();
    await expect.poll(() => a.getByLabel('Subject Template').count()).toBe(0);
    await a.getByText('Match for {{recipientName}} with {{ matchedUserName }}').waitFor();
    const saved = (await admin.client.get<EmailTemplateItem[]>('/api/admin/email-templates')).body.find(
      (t) => t.templateType === 'match_notification',
    );
    expect(saved).toMatchObject({
      subjectTemplate: 'Match for {{recipientName}} with {{ matchedUserName }}',
      htmlTemplate: '<p>Hello {{recipientName}}, meet {{matchedUserName}}.</p>',
    });
  });

  it('a crew member on an admin route sees "Not authorised" and no admin data is fetched', async () => {
    const crew = await makeUser(suite.app);
    const page = suite.track(await openAs(suite.browser, suite.app, crew, '/'));
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/')) asked.push(r.url());
    });
    for (const path of ['/admin', '/admin-panel?tab=logs', '/admin/support']) {
      await page.goto(path);
      await page.getByRole('heading', { name: MSG.notAuthorisedTitle }).waitFor();
      expect(await page.getByText(MSG.notAuthorisedText).isVisible()).toBe(true);
    }
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    expect(asked).toEqual([]);
  });
});
