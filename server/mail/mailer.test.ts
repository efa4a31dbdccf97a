import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { createMailer } from './mailer.ts';

let testDb: TestDatabase;
let db: Database;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = await openDatabase(loadConfig({ DATABASE_URL: testDb.url }), pino({ level: 'silent' }), { poolMax: 2 });
});
afterAll(async () => {
  await db?.close();
  await testDb?.drop();
});

const outbox = async (recipient: string) =>
  db.orm.em
    .fork()
    .getConnection()
    .execute<{ recipient: string; subject: string; html: string; text: string | null }[]>(
      'select recipient, subject, html, text from mail_outbox where recipient like ? order by id',
      [recipient],
    );

describe('the local outbox', () => {
  it('stores the mail as sent and logs that it was stored (to, subject), never its text or HTML: links in mail are credentials', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const mailer = createMailer(loadConfig({}), db.orm, log);
    const link = 'http://localhost:3000/reset-password?token=SECRET-TOKEN-123';
    const mail = {
      to: 'crew@example.com',
      subject: "Reset your Crewtrade password: it's $1 \\ easy",
      text: `Reset: ${link}`,
      html: `<a href="${link}">reset</a>`,
    };
    const result = await mailer.send(mail);
    expect(result.delivered).toBe(true);
    expect(await outbox('crew@example.com')).toEqual([{ recipient: mail.to, subject: mail.subject, html: mail.html, text: mail.text }]);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ to: 'crew@example.com', subject: mail.subject, msg: 'mail stored in the local outbox' });
    expect(lines.join('\n')).not.toContain('SECRET-TOKEN-123');
  });

  it('stores a batch and answers for each mail in order', async () => {
    const mailer = createMailer(loadConfig({}), db.orm, pino({ level: 'silent' }));
    const mails = ['a@batch.example', 'b@batch.example'].map((to) => ({ to, subject: 'New match', html: '<p>hi</p>' }));
    expect(await mailer.sendAll(mails)).toEqual([{ delivered: true }, { delivered: true }]);
    expect((await outbox('%@batch.example')).map((m) => [m.recipient, m.text])).toEqual([
      ['a@batch.example', null],
      ['b@batch.example', null],
    ]);
  });

  it('stores a Message-ID once: a mail the outbox sends again after a lost acknowledgement is one mail', async () => {
    const mailer = createMailer(loadConfig({}), db.orm, pino({ level: 'silent' }));
    const mail = { to: 'once@dedupe.example', subject: 'New match', html: '<p>hi</p>', messageId: '<notification-1@crewtrade.local>' };
    const heard: [number, boolean][] = [];
    expect(await mailer.sendAll([mail], (i, ok) => heard.push([i, ok]))).toEqual([{ delivered: true }]);
    expect(await mailer.sendAll([mail, { ...mail, messageId: '<notification-2@crewtrade.local>' }])).toEqual([
      { delivered: true },
      { delivered: true },
    ]);
    expect(heard).toEqual([[0, true]]);
    expect(await outbox('once@dedupe.example')).toHaveLength(2);
  });

  it('reports every mail of a batch the database refuses as not delivered, without throwing, and stores none of it', async () => {
    const mailer = createMailer(loadConfig({}), db.orm, pino({ level: 'silent' }));
    // The second address is longer than the column allows: the one insert fails as a whole.
    const mails = ['c@refused.example', `${'x'.repeat(300)}@refused.example`].map((to) => ({ to, subject: 'New match', html: '<p>hi</p>' }));
    expect(await mailer.sendAll(mails)).toEqual([{ delivered: false }, { delivered: false }]);
    expect(await outbox('%@refused.example')).toEqual([]);
  });
});
