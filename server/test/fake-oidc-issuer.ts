import Koa from 'koa';
import { koaBody } from 'koa-body';
import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface FakeIssuer {
  url: string;
  /** The claims the next token response's ID token will carry (besides iss, aud, iat, exp). */
  nextClaims: Record<string, unknown>;
  close(): Promise<void>;
}

const b64url = (v: Buffer | string) => Buffer.from(v).toString('base64url');

/**
 * A minimal OpenID Connect provider on loopback, for tests: discovery, JWKS and a token endpoint
 * that returns an RS256-signed ID token, so the app's real openid-client checks (issuer, audience,
 * expiry, state, PKCE) run end to end.
 */
export async function startFakeIssuer(clientId: string): Promise<FakeIssuer> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const app = new Koa();
  const state: FakeIssuer = { url: '', nextClaims: {}, close: async () => undefined };
  app.use(koaBody({ urlencoded: true }));
  app.use((ctx) => {
    const base = state.url;
    if (ctx.path === '/.well-known/openid-configuration') {
      ctx.body = {
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        jwks_uri: `${base}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      };
    } else if (ctx.path === '/jwks') {
      ctx.body = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] };
    } else if (ctx.path === '/token' && ctx.method === 'POST') {
      const now = Math.floor(Date.now() / 1000);
      const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
      const payload = b64url(JSON.stringify({ iss: base, aud: clientId, sub: 'subject-1', iat: now, exp: now + 300, ...state.nextClaims }));
      const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey).toString('base64url');
      ctx.body = { access_token: 'access', token_type: 'Bearer', expires_in: 300, id_token: `${header}.${payload}.${signature}` };
    } else {
      ctx.status = 404;
    }
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((r) => server.close(() => r()));
  return state;
}
