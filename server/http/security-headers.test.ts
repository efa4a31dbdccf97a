// What every answer says about how a browser may use it: pages get the app's content policy, the
// API's data a policy that runs and frames nothing; HSTS only over HTTPS.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_BOOT_SCRIPT } from '#protocol/theme.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await app?.close();
});

describe('security headers', () => {
  it("gives pages the app's content policy, framing refused and same-origin referrers", async () => {
    const page = await app.client().get('/login');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    // Inline scripts only by hash: the theme's, which the built pages carry verbatim.
    const scripts = /script-src ([^;]*)/.exec(page.headers.get('content-security-policy')!)![1]!;
    expect(scripts).not.toContain('unsafe-inline');
    // WebAssembly may be compiled (the HEIC preview's decoder), JavaScript never evaluated from strings.
    expect(scripts).toContain("'wasm-unsafe-eval'");
    expect(scripts).not.toMatch(/(^|\s)'unsafe-eval'/);
    const hash = createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64');
    expect(scripts).toContain(`'sha256-${hash}'`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.headers.get('strict-transport-security')).toBeNull();
  });

  it('gives the API a policy under which its data, opened as a page, loads and runs nothing', async () => {
    for (const res of [await app.client().get('/api/auth/user'), await app.client().get('/api/no-such-route')]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('asks for HTTPS from then on only over HTTPS (behind the load balancer that says so)', async () => {
    const res = await app.client().request('GET', '/api/auth/user', undefined, { 'x-forwarded-proto': 'https' });
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});
