import type { Context } from 'koa';
import * as client from 'openid-client';
import type { Config } from '../../config.ts';

/**
 * GET /api/login (Google/Apple): with OIDC_* set, the start of an authorization-code flow with
 * PKCE; without them, back to /login with a message the sign-in page shows.
 */
export async function startSocialSignIn(config: Config, origin: string, ctx: Context): Promise<string> {
  if (!config.oidc) return '/login?error=social';
  try {
    const server = await client.discovery(new URL(config.oidc.issuer), config.oidc.clientId, config.oidc.clientSecret);
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    ctx.cookies.set('crewtrade.oidc', `${state}.${verifier}`, { httpOnly: true, sameSite: 'lax', maxAge: 10 * 60 * 1000 });
    return client
      .buildAuthorizationUrl(server, {
        redirect_uri: `${origin}/api/login/callback`,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      })
      .toString();
  } catch {
    return '/login?error=social';
  }
}
