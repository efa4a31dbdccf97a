import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createMailer } from './mailer.ts';

describe('the local outbox', () => {
  it('logs that a mail was stored (to, subject), never its text or HTML: links in mail are credentials', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const stored: unknown[] = [];
    // Only the outbox insert is used: a stand-in for the ORM records it.
    const orm = {
      em: { fork: () => ({ insert: async (_entity: unknown, row: unknown) => void stored.push(row) }) },
    } as unknown as MikroORM;
    const mailer = createMailer(loadConfig({}), orm, log);
    const link = 'http://localhost:3000/reset-password?token=SECRET-TOKEN-123';
    const result = await mailer.send({
      to: 'crew@example.com',
      subject: 'Reset your Crewtrade password',
      text: `Reset: ${link}`,
      html: `<a href="${link}">reset</a>`,
    });
    expect(result.delivered).toBe(true);
    expect(stored).toEqual([expect.objectContaining({ recipient: 'crew@example.com', subject: 'Reset your Crewtrade password' })]);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      to: 'crew@example.com',
      subject: 'Reset your Crewtrade password',
      msg: 'mail stored in the local outbox',
    });
    expect(lines.join('\n')).not.toContain('SECRET-TOKEN-123');
  });
});
