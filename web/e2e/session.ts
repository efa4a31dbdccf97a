import type { Browser, Page } from 'playwright-core';
import type { SignedInUser } from '../../server/test/factories.ts';
import type { TestApp } from '../../server/test/test-app.ts';
import { newCrewContext } from './browser.ts';

/**
 * A browser already signed in as `crew` (its session cookie from the API factory), at `path`;
 * `mobile` for 375 px; `serviceWorkers: 'allow'` to run the app's worker (blocked by default).
 */
export async function openAs(
  browser: Browser,
  app: TestApp,
  crew: SignedInUser,
  path: string,
  mobile = false,
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<Page> {
  const context = await newCrewContext(browser, app.url, mobile, serviceWorkers);
  const [name, ...rest] = crew.client.cookieHeader.split('=');
  await context.addCookies([{ name: name!, value: rest.join('='), url: app.url, httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}
