import path from 'node:path';
import { z } from 'zod';
import { isAddressOrNetwork } from './http/trusted-proxy.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const url = (protocols: string[], name: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

const boolFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be true or false' })
  .transform((v) => ['true', '1', 'yes'].includes(v));

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'PORT must be a number from 0 to 65535' }).int().min(0).max(65535).default(3000),
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'], 'DATABASE_URL')),
  REDIS_URL: optional(url(['redis:', 'rediss:'], 'REDIS_URL')),
  SMTP_URL: optional(url(['smtp:', 'smtps:'], 'SMTP_URL')),
  MAIL_FROM: z.string().trim().default('Crewtrade <no-reply@crewtrade.local>'),
  NOTIFICATION_LEASE_SECONDS: z.coerce.number({ error: 'NOTIFICATION_LEASE_SECONDS must be a number of seconds' }).int().min(1).max(3600).default(60),
  APP_ORIGIN: optional(url(['http:', 'https:'], 'APP_ORIGIN')),
  OWNER_EMAIL: optional(z.email({ error: 'OWNER_EMAIL must be an e-mail address' }).transform((v) => v.toLowerCase())),
  UPLOAD_DIR: z.string().trim().min(1).default('./uploads'),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  TRUST_PROXY: optional(
    z.union([
      boolFlag,
      z
        .string()
        .trim()
        .refine(
          (v) => v.split(',').every((entry) => isAddressOrNetwork(entry.trim())),
          'TRUST_PROXY must be true, false, or the proxies\' addresses and networks separated by commas, e.g. "10.0.0.0/8,127.0.0.1"',
        )
        .transform((v) => v.split(',').map((entry) => entry.trim())),
    ]),
  ).default(false),
  METRICS_TOKEN: optional(z.string().trim().min(16, 'METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 32)')),
  DRAIN_SECONDS: z.coerce
    .number({ error: 'DRAIN_SECONDS must be a number of seconds from 0 to 120' })
    .min(0, 'DRAIN_SECONDS must be a number of seconds from 0 to 120')
    .max(120, 'DRAIN_SECONDS must be a number of seconds from 0 to 120')
    .default(5),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  OIDC_ISSUER: optional(url(['https:', 'http:'], 'OIDC_ISSUER')),
  OIDC_CLIENT_ID: optional(z.string().trim()),
  OIDC_CLIENT_SECRET: optional(z.string().trim()),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).max(1048576).default(19456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).max(10).default(2),
  NODE_ENV: z.string().default('development'),
  VAPID_PUBLIC_KEY: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters)'),
  ),
  VAPID_PRIVATE_KEY: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)'),
  ),
  VAPID_SUBJECT: optional(url(['mailto:', 'https:'], 'VAPID_SUBJECT')),
  PUSH_ENDPOINT_HOSTS: optional(
    z
      .string()
      .trim()
      .regex(
        /^(\*\.)?[\w.-]+(:\d+)?(,(\*\.)?[\w.-]+(:\d+)?)*$/,
        'PUSH_ENDPOINT_HOSTS must be host names separated by commas, e.g. "fcm.googleapis.com,*.notify.windows.com"',
      ),
  ),
  PUSH_CA_FILE: optional(z.string().trim()),
  ROSTER_PRIVATE_HOSTS: optional(
    z
      .string()
      .trim()
      .regex(/^[\w.-]+(:\d+)?(,[\w.-]+(:\d+)?)*$/, 'ROSTER_PRIVATE_HOSTS must be host names separated by commas, e.g. "roster.airline.internal"'),
  ),
  ROSTER_CA_FILE: optional(z.string().trim()),
  RATE_LIMIT_OVERRIDES: z
    .string()
    .regex(/^(\w+=\d+)?(,\w+=\d+)*$/, 'RATE_LIMIT_OVERRIDES must look like "login=20,register=50"')
    .default(''),
});

/** Every variable the app reads (.env.example lists them all; server/config.test.ts checks). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export interface Config {
  port: number;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How long a deliverer holds the notifications it claimed before another instance may take them. */
  notificationLeaseSeconds: number;
  appOrigin: string | undefined;
  ownerEmail: string | undefined;
  uploadDir: string;
  dataDir: string;
  /** Whether X-Forwarded-Proto/-For/-Host are read at all (TRUST_PROXY true or a list). */
  trustProxy: boolean;
  /** From which peers (addresses, networks); empty: any peer (http/trusted-proxy.ts). */
  trustedProxies: string[];
  /** The bearer token GET /metrics requires; unset: /metrics answers 404. */
  metricsToken: string | undefined;
  /** After SIGTERM, how long the instance keeps serving while reporting not ready (the balancer moves away). */
  drainMs: number;
  logLevel: (typeof LOG_LEVELS)[number];
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  argon2: { memoryCost: number; timeCost: number };
  production: boolean;
  push: PushConfig;
  roster: RosterConfig;
  /** Points per window by limit name, replacing the defaults of http/rate-limit.ts. */
  rateLimitOverrides: Record<string, number>;
}

export interface PushConfig {
  /** From the configuration; else generated once and kept in the database (features/push/vapid-keys.ts). */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** Who runs this server, for the push services (RFC 8292): VAPID_SUBJECT, else an https APP_ORIGIN, else MAIL_FROM's address. */
  subject: string;
  /**
   * The push services the server sends to: a browser's subscription names a URL the server will
   * POST to, so only these hosts are accepted ("*." matches any subdomain; "host:port" that port only).
   */
  endpointHosts: string[];
  /** Extra certificate authorities for push services (a private relay, the test suite's local endpoint). */
  caFile: string | undefined;
}

export interface RosterConfig {
  /**
   * Hosts a roster subscription may reach although they resolve to a private address (an airline's
   * scheduling server on its own network). None by default: every private address is refused.
   */
  privateHosts: string[];
  /** Extra certificate authorities for roster subscriptions (a private server, the test suite's local one). */
  caFile: string | undefined;
}

/** The push services of Chrome and Edge (FCM, WNS), Firefox (autopush) and Safari (APNs web push). */
export const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

export class ConfigError extends Error {}

/**
 * The origin links in mail point at: APP_ORIGIN, which production requires; in development this
 * machine's own port on localhost. Never the request's Host or X-Forwarded-Host, which a caller
 * writes. `listeningPort` is the port the server is bound to (PORT, or the one chosen for PORT=0).
 */
export function linkOrigin(config: Config, listeningPort: number): string {
  return config.appOrigin ?? `http://localhost:${config.port || listeningPort}`;
}

/** Reads and validates the environment once; every problem is named in one message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  }
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  if (e.NODE_ENV === 'production' && !e.APP_ORIGIN) {
    // Mailed links (password reset, e-mail confirmation) must never take their host from a request.
    throw new ConfigError(
      'Invalid configuration:\n  APP_ORIGIN must be set when NODE_ENV is production (the origin users open, e.g. https://crew.example.com)',
    );
  }
  return {
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    notificationLeaseSeconds: e.NOTIFICATION_LEASE_SECONDS,
    appOrigin: e.APP_ORIGIN?.replace(/\/$/, ''),
    ownerEmail: e.OWNER_EMAIL,
    uploadDir: path.resolve(e.UPLOAD_DIR),
    dataDir: path.resolve(e.DATA_DIR),
    trustProxy: e.TRUST_PROXY !== false,
    trustedProxies: Array.isArray(e.TRUST_PROXY) ? e.TRUST_PROXY : [],
    metricsToken: e.METRICS_TOKEN,
    drainMs: Math.round(e.DRAIN_SECONDS * 1000),
    logLevel: e.LOG_LEVEL,
    oidc: e.OIDC_ISSUER ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID!, clientSecret: e.OIDC_CLIENT_SECRET! } : undefined,
    argon2: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST },
    production: e.NODE_ENV === 'production',
    push: {
      vapid: e.VAPID_PUBLIC_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY! } : undefined,
      subject:
        e.VAPID_SUBJECT ??
        (e.APP_ORIGIN?.startsWith('https:')
          ? e.APP_ORIGIN.replace(/\/$/, '')
          : `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM}`),
      endpointHosts: e.PUSH_ENDPOINT_HOSTS ? e.PUSH_ENDPOINT_HOSTS.split(',') : DEFAULT_PUSH_HOSTS,
      caFile: e.PUSH_CA_FILE,
    },
    roster: {
      privateHosts: e.ROSTER_PRIVATE_HOSTS ? e.ROSTER_PRIVATE_HOSTS.toLowerCase().split(',') : [],
      caFile: e.ROSTER_CA_FILE,
    },
    rateLimitOverrides: Object.fromEntries(
      e.RATE_LIMIT_OVERRIDES.split(',')
        .filter(Boolean)
        .map((pair) => [pair.split('=')[0]!, Number(pair.split('=')[1])]),
    ),
  };
}
