import type { Context } from 'koa';
import type * as OpenId from 'openid-client';
import type { Config } from '../../config.ts';

const FLOW_COOKIE = 'crewtrade.oidc';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface SocialProfile {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

const discovered = new WeakMap<Config, Promise<OpenId.Configuration>>();

/** openid-client (and jose under it), loaded on the first social sign-in: most instances never see one (issue 44). */
let library: Promise<typeof OpenId> | undefined;
const openId = () => (library ??= import('openid-client'));

/** The issuer's metadata, fetched once per configuration; plain http only for a loopback issuer (dev, tests). */
async function issuer(config: Config): Promise<OpenId.Configuration> {
  const oidc = config.oidc!;
  const client = await openId();
  let found = discovered.get(config);
  if (!found) {
    const url = new URL(oidc.issuer);
    const insecure = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
    found = client.discovery(
      url,
      oidc.clientId,
      oidc.clientSecret,
      undefined,
      insecure ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    found.catch(() => discovered.delete(config));
    discovered.set(config, found);
  }
  return found;
}

const redirectUri = (origin: string) => `${origin}/api/login/callback`;

/**
 * GET /api/login (Google/Apple): with OIDC_* set, the start of an authorization-code flow with
 * PKCE (state and verifier kept in a short-lived httpOnly cookie); without them, back to /login
 * with a message the sign-in page shows.
 */
export async function startSocialSignIn(config: Config, origin: string, ctx: Context): Promise<string> {
  if (!config.oidc) return '/login?error=social';
  try {
    const server = await issuer(config);
    const client = await openId();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    ctx.cookies.set(FLOW_COOKIE, `${state}.${verifier}`, { httpOnly: true, sameSite: 'lax', maxAge: 10 * 60 * 1000 });
    return client
      .buildAuthorizationUrl(server, {
        redirect_uri: redirectUri(origin),
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      })
      .toString();
  } catch {
    return '/login?error=social-failed';
  }
}

/**
 * GET /api/login/callback: exchanges the code (checking state, PKCE and the ID token's issuer,
 * audience and expiry; the token comes straight from the issuer's token endpoint over TLS, which
 * OIDC Core 3.1.3.7 accepts in place of a signature check) and returns the verified e-mail and
 * names; null when anything fails.
 */
export async function finishSocialSignIn(config: Config, origin: string, ctx: Context): Promise<SocialProfile | null> {
  const flow = ctx.cookies.get(FLOW_COOKIE);
  ctx.cookies.set(FLOW_COOKIE, null, { httpOnly: true, sameSite: 'lax' });
  if (!config.oidc || !flow) return null;
  const [state, verifier] = flow.split('.');
  try {
    const server = await issuer(config);
    const client = await openId();
    const currentUrl = new URL(ctx.originalUrl, origin);
    const tokens = await client.authorizationCodeGrant(server, currentUrl, { pkceCodeVerifier: verifier, expectedState: state });
    const claims = tokens.claims();
    const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
    // Only a provider's explicit `true` counts: a missing claim or the string "true" proves nothing,
    // and an unproven address could claim someone else's account (or create one in their name).
    if (!email || claims?.email_verified !== true) return null;
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : null);
    return { email, firstName: text(claims?.given_name), lastName: text(claims?.family_name) };
  } catch {
    return null;
  }
}
