// npm run bench:web: the web budgets of docs/ARCHITECTURE.md section 10, measured in headless Chromium
// against the built app: JavaScript sent (compressed) for the landing page, LCP and CLS, on a
// phone-sized viewport. A report, never a pass/fail test.
import { makeUser } from '../../server/test/factories.ts';
import { startTestApp } from '../../server/test/test-app.ts';
import { launchBrowser } from '../../web/e2e/browser.ts';
import { openAs } from '../../web/e2e/session.ts';
import type { Page } from 'playwright-core';

interface PageReport {
  path: string;
  jsKb: number;
  lcpMs: number;
  cls: number;
}

async function measure(page: Page, path: string): Promise<PageReport> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const r = await page.evaluate(
    () =>
      new Promise<{ js: number; lcp: number; cls: number }>((resolve) => {
        let lcp = 0;
        let cls = 0;
        new PerformanceObserver((l) => l.getEntries().forEach((e) => (lcp = Math.max(lcp, e.startTime)))).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
        new PerformanceObserver((l) =>
          l
            .getEntries()
            .forEach(
              (e) =>
                (cls += (e as unknown as { hadRecentInput: boolean; value: number }).hadRecentInput
                  ? 0
                  : (e as unknown as { value: number }).value),
            ),
        ).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => {
          const js = performance
            .getEntriesByType('resource')
            .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
            .reduce((sum, e) => sum + (e as PerformanceResourceTiming).transferSize, 0);
          resolve({ js, lcp, cls });
        }, 300);
      }),
  );
  return { path, jsKb: Math.round(r.js / 102.4) / 10, lcpMs: Math.round(r.lcp), cls: Math.round(r.cls * 1000) / 1000 };
}

const app = await startTestApp({ LOG_LEVEL: 'silent' });
const browser = await launchBrowser();
try {
  const reports: PageReport[] = [];
  for (const path of ['/', '/login']) {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL: app.url });
    const page = await context.newPage();
    await page.goto(path);
    reports.push(await measure(page, path));
    await context.close();
  }
  const crew = await makeUser(app);
  for (const path of ['/', '/all-trades']) {
    const page = await openAs(browser, app, crew, path);
    reports.push(await measure(page, `${path} (signed in)`));
    await page.context().close();
  }
  console.log('| page | JavaScript transferred (KB, compressed) | LCP ms | CLS |\n|---|---|---|---|');
  for (const r of reports) console.log(`| ${r.path} | ${r.jsKb} | ${r.lcpMs} | ${r.cls} |`);
} finally {
  await browser.close();
  await app.close();
}
