import type { Next } from 'koa';
import type { AppContext } from './context.ts';

const CSP = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self' ws: wss:",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export async function securityHeaders(ctx: AppContext, next: Next) {
  ctx.set('Content-Security-Policy', CSP);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'same-origin');
  ctx.set('X-Frame-Options', 'DENY');
  // Only over HTTPS (RFC 6797 8.1): a browser that saw the app once securely never falls back to
  // plain HTTP, where the session cookie could be read or planted. Subdomains are the deployer's.
  if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000');
  await next();
}
