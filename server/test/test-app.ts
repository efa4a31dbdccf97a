import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { startServer, type RunningServer, type ServerOptions } from '../server.ts';
import { TestClient } from './http-client.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  url: string;
  server: RunningServer;
  databaseUrl: string;
  uploadDir: string;
  client(): TestClient;
  close(): Promise<void>;
}

/**
 * Limits the factories and fixtures would meet: they sign many users up from one address and post
 * many requests, offers and devices per account. A test's own RATE_LIMIT_OVERRIDES is added on top
 * (its values win); an empty one keeps every limit at its default. The limits themselves are tested
 * with their defaults (http/account-limits.test.ts, features/auth).
 */
export const FACTORY_LIMITS = 'register=100000,forgotPassword=100000,requests=100000,offers=100000,scheduleUploads=100000,pushSubscriptions=100000,pushTest=100000';

/**
 * The real app on a random port against a fresh PostgreSQL database. argon2 runs with small
 * parameters here so sign-ups stay fast; production uses config.ts defaults.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  existingDatabaseUrl?: string,
  options: ServerOptions = {},
): Promise<TestApp> {
  const db = existingDatabaseUrl ? undefined : await createTestDatabase();
  const databaseUrl = existingDatabaseUrl ?? db!.url;
  const uploadDir = env.UPLOAD_DIR ?? path.join(os.tmpdir(), `ct-uploads-${randomBytes(4).toString('hex')}`);
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    ...env,
    RATE_LIMIT_OVERRIDES: env.RATE_LIMIT_OVERRIDES === '' ? '' : [FACTORY_LIMITS, env.RATE_LIMIT_OVERRIDES].filter(Boolean).join(','),
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: uploadDir,
  });
  const server = await startServer(config, { poolMax: 5, ...options });
  return {
    url: server.url,
    server,
    databaseUrl,
    uploadDir,
    client: () => new TestClient(server.url),
    async close() {
      await server.close();
      await db?.drop();
      if (!env.UPLOAD_DIR) await fs.rm(uploadDir, { recursive: true, force: true });
    },
  };
}
