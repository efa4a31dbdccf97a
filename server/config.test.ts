import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, linkOrigin, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a laptop', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.trustProxy).toBe(false);
    expect(c.logLevel).toBe('info');
    expect(c.uploadDir.endsWith('uploads')).toBe(true);
  });

  it('names every bad value in one message', () => {
    const bad = {
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      REDIS_URL: 'http://x',
      TRUST_PROXY: 'maybe',
      LOG_LEVEL: 'loud',
      OWNER_EMAIL: 'boss',
    };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    try {
      loadConfig(bad);
    } catch (err) {
      const text = (err as Error).message;
      for (const name of Object.keys(bad)) expect(text).toContain(name);
      expect(text).toContain('DATABASE_URL must be a URL starting with postgres:// or postgresql://');
    }
  });

  it('reads OWNER_EMAIL in lower case and TRUST_PROXY as a flag', () => {
    const c = loadConfig({ OWNER_EMAIL: 'Boss@Example.com', TRUST_PROXY: 'true', APP_ORIGIN: 'https://crew.example/' });
    expect(c.ownerEmail).toBe('boss@example.com');
    expect(c.trustProxy).toBe(true);
    expect(c.appOrigin).toBe('https://crew.example');
  });

  it('wants the OIDC settings together', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example' })).toThrow(/must be set together/);
  });

  it('refuses production without APP_ORIGIN: mailed links must not come from a request', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_ORIGIN must be set when NODE_ENV is production/);
    expect(loadConfig({ NODE_ENV: 'production', APP_ORIGIN: 'https://crew.example' }).appOrigin).toBe('https://crew.example');
  });

  it('builds mailed links on APP_ORIGIN, or in development on localhost at the port', () => {
    expect(linkOrigin(loadConfig({ APP_ORIGIN: 'https://crew.example/' }), 4000)).toBe('https://crew.example');
    expect(linkOrigin(loadConfig({ PORT: '8080' }), 8080)).toBe('http://localhost:8080');
    expect(linkOrigin(loadConfig({ PORT: '0' }), 41234)).toBe('http://localhost:41234');
  });
});

describe('.env.example', () => {
  it('lists every variable the app reads', async () => {
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(new URL('../.env.example', import.meta.url), 'utf8');
    const listed = new Set([...text.matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(ENV_VARIABLES.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('its values are a valid configuration', async () => {
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(new URL('../.env.example', import.meta.url), 'utf8');
    const env = Object.fromEntries([...text.matchAll(/^([A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
    expect(() => loadConfig(env)).not.toThrow();
  });
});

describe('operations settings', () => {
  it("TRUST_PROXY is true, false, or the trusted proxies' addresses and networks", () => {
    expect(loadConfig({ TRUST_PROXY: 'true' })).toMatchObject({ trustProxy: true, trustedProxies: [] });
    expect(loadConfig({ TRUST_PROXY: 'false' })).toMatchObject({ trustProxy: false, trustedProxies: [] });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' })).toMatchObject({
      trustProxy: true,
      trustedProxies: ['10.0.0.0/8', '127.0.0.1', 'fd00::/8'],
    });
    expect(() => loadConfig({ TRUST_PROXY: 'nginx.internal' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
  });

  it('DRAIN_SECONDS defaults to 5; METRICS_TOKEN is unset or at least 16 characters', () => {
    expect(loadConfig({}).drainMs).toBe(5_000);
    expect(loadConfig({ DRAIN_SECONDS: '0.5' }).drainMs).toBe(500);
    expect(() => loadConfig({ DRAIN_SECONDS: '-1' })).toThrow(/DRAIN_SECONDS/);
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
