import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type SignedInUser } from '../test/factories.ts';
import { sql } from '../test/outbox.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';
import { createNotificationMails, type NotificationDraft } from './notification-mails.ts';

let app: TestApp;
let ada: SignedInUser;
let bo: SignedInUser;
beforeAll(async () => {
  app = await startTestApp();
  ada = await makeUser(app, { firstName: 'Ada' });
  bo = await makeUser(app, { firstName: 'Bo' });
});
afterAll(async () => {
  await app?.close();
});

/** A mailer that records each batch it is handed, and delivers them all. */
function recordingMailer() {
  const batches: OutgoingMail[][] = [];
  const mailer: Mailer = {
    send: async (mail) => (batches.push([mail]), { delivered: true }),
    sendAll: async (mails) => (batches.push([...mails]), mails.map(() => ({ delivered: true }))),
    close: async () => undefined,
  };
  return { mailer, batches };
}

/** A match_notification for `to` about `about` (reference id `ref`). */
const draft = (to: SignedInUser, about: SignedInUser, ref: number): NotificationDraft => ({
  recipientId: to.user.id,
  targetId: about.user.id,
  referenceId: ref,
  referenceType: 'match',
  template: 'match_notification',
  vars: (recipient, other) => ({ recipientName: recipient.firstName, matchedUserName: other.firstName, userDate: 'Mar 4, 2099' }),
});

const loggedFor = (refs: number[]) =>
  sql(
    app.databaseUrl,
    "select user_id, reference_id, email_sent from user_activity_logs where activity_type = 'email_sent' and reference_id = any($1::int[]) order by reference_id",
    [refs],
  );

/** A mailer whose sends wait until `release` is called, to hold a batch in flight. */
function heldMailer() {
  const rec = recordingMailer();
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const mailer: Mailer = { ...rec.mailer, sendAll: async (mails) => (await held, rec.mailer.sendAll(mails)) };
  return { mailer, batches: rec.batches, release };
}

describe('notification mails', () => {
  it('sends a commit\'s mails at once, and what queued meanwhile as one later batch, rendered and logged', async () => {
    const { mailer, batches, release } = heldMailer();
    const mails = createNotificationMails({ mailer, orm: app.server.deps.orm, log: pino({ level: 'silent' }) });
    mails.queue([draft(ada, bo, 901)]);
    // The first batch is being sent: these two wait for it, then leave together.
    await new Promise((r) => setTimeout(r, 100));
    mails.queue([draft(bo, ada, 902)]);
    mails.queue([draft(ada, bo, 903)]);
    release();
    await mails.close();
    expect(batches.map((b) => b.map((m) => m.to))).toEqual([[ada.email], [bo.email, ada.email]]);
    expect(batches[1]![0]!.subject).toContain('Ada');
    expect(await loggedFor([901, 902, 903])).toEqual([
      { user_id: ada.user.id, reference_id: 901, email_sent: true },
      { user_id: bo.user.id, reference_id: 902, email_sent: true },
      { user_id: ada.user.id, reference_id: 903, email_sent: true },
    ]);
  });

  it('waits on close until what is queued has been sent (shutdown)', async () => {
    const { mailer, batches } = recordingMailer();
    const mails = createNotificationMails({ mailer, orm: app.server.deps.orm, log: pino({ level: 'silent' }) });
    mails.queue([draft(ada, bo, 904)]);
    await mails.close();
    expect(batches.map((b) => b.map((m) => m.to))).toEqual([[ada.email]]);
    expect(await loggedFor([904])).toHaveLength(1);
  });

  it('sends nothing for a template that is missing, and says so once per batch', async () => {
    const { mailer, batches } = recordingMailer();
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const mails = createNotificationMails({ mailer, orm: app.server.deps.orm, log });
    const gone = (d: NotificationDraft): NotificationDraft => ({ ...d, template: 'no_such_template' });
    mails.queue([gone(draft(ada, bo, 905)), gone(draft(bo, ada, 906))]);
    await mails.close();
    expect(batches.flat()).toEqual([]);
    expect(await loggedFor([905, 906])).toEqual([]);
    expect(lines.map((l) => JSON.parse(l) as { template: string; msg: string })).toEqual([
      expect.objectContaining({ template: 'no_such_template', msg: 'mail template missing: no mail sent' }),
    ]);
  });
});
