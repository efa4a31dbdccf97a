import { describe, expect, it } from 'vitest';
import { missingMessage, missingPrograms, postgresAnswers, redisAnswers } from './preflight.ts';

describe("npm test's preflight (global-setup.ts)", () => {
  it('names every missing program with the command that installs it, in one message', () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const missing = missingPrograms('/nonexistent/chromium');
      const message = missingMessage(missing);
      expect(message).toContain('redis-server');
      expect(message).toContain('apt-get install -y redis-server');
      expect(message).toContain('apt-get install -y chromium');
      expect(message).toContain('apt-get install -y postgresql-client');
      expect(message).toMatch(/apt-get update && apt-get install -y redis-server .*chromium/);
      expect(message).toContain('bash .ci/run');
    } finally {
      process.env.PATH = path;
    }
  });

  it('tells a server that answers from one that does not', async () => {
    expect(await postgresAnswers('postgresql://postgres@127.0.0.1:1/postgres')).toBe(false);
    expect(await redisAnswers('redis://127.0.0.1:1')).toBe(false);
    expect(await postgresAnswers(process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres')).toBe(true);
  });
});
