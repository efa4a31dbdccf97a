// npm run bench:web: the web budgets of docs/ARCHITECTURE.md section 10, measured in headless Chromium
// against the built app, on a phone-sized viewport. A report, never a pass/fail test.
// - Initial JavaScript: every script a page has loaded once the network is idle, gzip-compressed here
//   (the server may answer brotli; the budgets are stated in gzip), for a signed-out visitor
//   (landing, sign-in, sign-up) and a signed-in crew member (dashboard, tradeboard); LCP and CLS.
// - Lighthouse's mobile performance score of the landing page and the sign-in page, five runs in a
//   row each (its default mobile settings: simulated slow 4G and a 4x slower CPU), with FCP, LCP and
//   Total Blocking Time. LIGHTHOUSE_RUNS sets the runs (0: none), LIGHTHOUSE_PATHS the pages.
// - WEB_SCRIPT_SIZES=1 lists each page's scripts with their gzip size, largest first.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { gzipSync } from 'node:zlib';
import { atMost, formatGoals, type Goal } from './goals.ts';
import { makeUser } from '../../server/test/factories.ts';
import { startTestApp } from '../../server/test/test-app.ts';
import { CHROMIUM, launchBrowser } from '../../web/e2e/browser.ts';
import { openAs } from '../../web/e2e/session.ts';
import type { Page } from 'playwright-core';

const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const LIGHTHOUSE_PATHS = (process.env.LIGHTHOUSE_PATHS ?? '/,/login').split(',');

interface PageReport {
  path: string;
  scripts: number;
  jsGzipKb: number;
  lcpMs: number;
  cls: number;
}

async function measure(page: Page, path: string, baseUrl: string): Promise<PageReport> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const r = await page.evaluate(
    () =>
      new Promise<{ scripts: string[]; lcp: number; cls: number }>((resolve) => {
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
          const scripts = performance
            .getEntriesByType('resource')
            .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
            .map((e) => e.name);
          resolve({ scripts, lcp, cls });
        }, 300);
      }),
  );
  const unique = [...new Set(r.scripts)].filter((url) => url.startsWith(baseUrl));
  let gzip = 0;
  const sizes: [string, number][] = [];
  for (const url of unique) {
    const size = gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
    sizes.push([url.slice(baseUrl.length), size]);
    gzip += size;
  }
  if (process.env.WEB_SCRIPT_SIZES)
    for (const [url, size] of sizes.sort((a, b) => b[1] - a[1])) console.log(`${path}\t${(size / 1024).toFixed(1)} KB\t${url}`);
  return {
    path,
    scripts: unique.length,
    jsGzipKb: Math.round(gzip / 102.4) / 10,
    lcpMs: Math.round(r.lcp),
    cls: Math.round(r.cls * 1000) / 1000,
  };
}

interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

/** Lighthouse against Debian's chromium, which it launches itself (no network beyond the app's). */
async function lighthouseRuns(url: string): Promise<LighthouseRun[]> {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
        '--no-first-run',
      ],
    });
    try {
      const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
      if (!result) throw new Error('lighthouse returned no result');
      const audit = (id: string) => Math.round(result.lhr.audits[id]?.numericValue ?? NaN);
      runs.push({
        score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
      });
    } finally {
      chrome.kill();
    }
  }
  return runs;
}

const app = await startTestApp({ LOG_LEVEL: 'silent' });
const browser = await launchBrowser();
try {
  const reports: PageReport[] = [];
  for (const path of ['/', '/login', '/signup']) {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL: app.url });
    const page = await context.newPage();
    await page.goto(path);
    reports.push(await measure(page, `${path} (signed out)`, app.url));
    await context.close();
  }
  const crew = await makeUser(app);
  for (const path of ['/', '/all-trades']) {
    const page = await openAs(browser, app, crew, path, true);
    reports.push(await measure(page, `${path} (signed in)`, app.url));
    await page.context().close();
  }
  console.log('| page | scripts | initial JavaScript (KB gzip) | LCP ms | CLS |\n|---|---|---|---|---|');
  for (const r of reports) console.log(`| ${r.path} | ${r.scripts} | ${r.jsGzipKb} | ${r.lcpMs} | ${r.cls} |`);
  const goals: Goal[] = reports.map((r) =>
    atMost(`${r.path}: initial JavaScript`, r.jsGzipKb, r.path.includes('signed in') ? 100 : 70, 'KB'),
  );

  for (const path of LIGHTHOUSE_RUNS > 0 ? LIGHTHOUSE_PATHS : []) {
    const runs = await lighthouseRuns(`${app.url}${path}`);
    console.log(`\n| Lighthouse run (${path}, mobile) | performance | FCP ms | LCP ms | TBT ms |\n|---|---|---|---|---|`);
    runs.forEach((r, i) => console.log(`| ${i + 1} | ${r.score} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} |`));
    const lowest = Math.min(...runs.map((r) => r.score));
    goals.push({
      goal: `${path}: Lighthouse mobile performance, lowest of ${runs.length} runs in a row`,
      figure: lowest,
      yardstick: null,
      unit: 'score',
      budget: '>= 95',
      met: lowest >= 95,
    });
  }
  console.log(`\n#### The web budgets in this sitting (docs/ARCHITECTURE.md section 10)\n\n${formatGoals(goals)}`);
} finally {
  await browser.close();
  await app.close();
}
