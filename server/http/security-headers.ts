import { createHash } from 'node:crypto';
import type { Next } from 'koa';
import { THEME_BOOT_SCRIPT } from '#protocol/theme.ts';
import type { AppContext } from './context.ts';

/** The one inline script the pages carry (the device's Light/Dark choice before the first paint), by its hash. */
const THEME_BOOT_HASH = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

/** The pages' policy: the app's own scripts, styles, images and socket, nothing framed or embedded elsewhere. */
const PAGE_CSP = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  // 'wasm-unsafe-eval' compiles WebAssembly, nothing else: the HEIC decoder that makes a photo's
  // preview before it is sent (web/src/lib/heicPreview.worker.ts), where the browser shows no HEIC.
  `script-src 'self' ${THEME_BOOT_HASH} 'wasm-unsafe-eval'`,
  "connect-src 'self' ws: wss:",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * The API's answers are data, never documents: were one ever opened as a page, it may load and run
 * nothing, and no page may frame it (OWASP's REST guidance). Shorter than the pages' policy, which
 * matters on the busiest routes: Node checks every header value character by character.
 */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export async function securityHeaders(ctx: AppContext, next: Next) {
  const api = ctx.path.startsWith('/api/');
  ctx.set('Content-Security-Policy', api ? API_CSP : PAGE_CSP);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('X-Frame-Options', 'DENY');
  // Which address a page's links and requests send on: the API's answers load and link nothing.
  if (!api) ctx.set('Referrer-Policy', 'same-origin');
  // Only over HTTPS (RFC 6797 8.1): a browser that saw the app once securely never falls back to
  // plain HTTP, where the session cookie could be read or planted. Subdomains are the deployer's.
  if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000');
  await next();
}
