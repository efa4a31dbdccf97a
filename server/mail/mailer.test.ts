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
      em: { fork: () => ({ insertMany: async (_entity: unknown, rows: unknown[]) => void stored.push(...rows) }) },
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

  it('stores a batch in one insert and answers for each mail in order', async () => {
    const inserts: unknown[][] = [];
    const orm = {
      em: { fork: () => ({ insertMany: async (_entity: unknown, rows: unknown[]) => void inserts.push(rows) }) },
    } as unknown as MikroORM;
    const mailer = createMailer(loadConfig({}), orm, pino({ level: 'silent' }));
    const mails = ['a@example.com', 'b@example.com'].map((to) => ({ to, subject: 'New match', html: '<p>hi</p>' }));
    expect(await mailer.sendAll(mails)).toEqual([{ delivered: true }, { delivered: true }]);
    expect(inserts).toEqual([[expect.objectContaining({ recipient: 'a@example.com' }), expect.objectContaining({ recipient: 'b@example.com' })]]);
  });

  it('reports every mail of a failed batch as not delivered, without throwing', async () => {
    const orm = {
      em: { fork: () => ({ insertMany: async () => Promise.reject(new Error('database down')) }) },
    } as unknown as MikroORM;
    const mailer = createMailer(loadConfig({}), orm, pino({ level: 'silent' }));
    const mails = ['a@example.com', 'b@example.com'].map((to) => ({ to, subject: 'New match', html: '<p>hi</p>' }));
    expect(await mailer.sendAll(mails)).toEqual([{ delivered: false }, { delivered: false }]);
  });
});
