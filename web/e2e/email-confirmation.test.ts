import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { VERIFY_SUBJECT } from '../../server/features/auth/auth.mails.ts';
import { makeUser, PASSWORD } from '../../server/test/factories.ts';
import { sql, verifyLinkFrom, waitForMail } from '../../server/test/outbox.ts';
import { hasChromium, newCrewContext } from './browser.ts';
import { browserSuite } from './suite.ts';

const suite = browserSuite();

async function openPage(path: string): Promise<Page> {
  const context = await newCrewContext(suite.browser, suite.app.url);
  const page = suite.track(await context.newPage());
  await page.goto(path);
  return page;
}

const verified = async (email: string) =>
  (await sql<{ email_verified: boolean }>(suite.app.databaseUrl, 'select email_verified from users where email = $1', [email]))[0]!
    .email_verified;

describe.skipIf(!hasChromium)('e-mail confirmation in the browser', () => {
  it('a link opened signed out asks to sign in, and signing in there confirms the address', async () => {
    const { email } = await makeUser(suite.app);
    const link = new URL(verifyLinkFrom(await waitForMail(suite.app.databaseUrl, email, VERIFY_SUBJECT))!);
    const p = await openPage(link.pathname + link.search);
    await p.waitForURL('**/login?error=verify');
    await expect.poll(() => p.getByRole('alert').filter({ hasText: MSG.verifySignIn }).isVisible()).toBe(true);
    expect(await verified(email)).toBe(false);

    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password').fill(PASSWORD);
    await p.getByRole('button', { name: /sign in/i }).click();
    await expect.poll(() => p.getByText(MSG.loggedIn).first().isVisible()).toBe(true);
    expect(await verified(email)).toBe(true);
  });

  it('a spent or unknown link says so on the sign-in page', async () => {
    const p = await openPage('/api/verify-email?token=this-token-was-never-issued');
    await p.waitForURL('**/login?error=verify-failed');
    await expect.poll(() => p.getByRole('alert').filter({ hasText: MSG.verifyFailed }).isVisible()).toBe(true);
  });
});
