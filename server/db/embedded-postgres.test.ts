import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startServer } from '../server.ts';
import { TestClient } from '../test/http-client.ts';

/** The zero-setup path of `npm start`: no DATABASE_URL, data kept in a folder across restarts. */
describe('embedded PostgreSQL', () => {
  it('serves sign-up, survives a restart, and signs the same user in again', { timeout: 120_000 }, async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ct-embedded-'));
    await fs.chmod(dataDir, 0o755);
    const env = {
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
    };
    const account = { firstName: 'Emb', lastName: 'Edded', email: 'embedded@example.com', password: 'Tarmac-Crew-88' };
    try {
      const first = await startServer(loadConfig(env));
      try {
        const res = await new TestClient(first.url).post('/api/register', account);
        expect(res.status).toBe(201);
      } finally {
        await first.close();
      }
      const second = await startServer(loadConfig(env));
      try {
        const res = await new TestClient(second.url).post('/api/login', { email: account.email, password: account.password });
        expect(res.status).toBe(200);
        expect(res.body.firstName).toBe('Emb');
      } finally {
        await second.close();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
