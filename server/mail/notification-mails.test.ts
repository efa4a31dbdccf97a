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

describe('notification mails', () => {
  it("sends the mails of every commit queued within one window as one batch, rendered and logged", async () => {
    const { mailer, batches } = recordingMailer();
    const mails = createNotificationMails({ mailer, orm: app.server.deps.orm, log: pino({ level: 'silent' }) }, 200);
    mails.queue([draft(ada, bo, 901)]);
    await new Promise((r) => setTimeout(r, 50));
    mails.queue([draft(bo, ada, 902)]);
    expect(batches).toEqual([]);
    await new Promise((r) => setTimeout(r, 400));
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((m) => [m.to, m.subject])).toEqual([
      [ada.email, expect.stringContaining('Bo')],
      [bo.email, expect.stringContaining('Ada')],
    ]);
    expect(await loggedFor([901, 902])).toEqual([
      { user_id: ada.user.id, reference_id: 901, email_sent: true },
      { user_id: bo.user.id, reference_id: 902, email_sent: true },
    ]);
    await mails.close();
  });

  it('sends what is still queued at once when closed (shutdown), and nothing after', async () => {
    const { mailer, batches } = recordingMailer();
    const mails = createNotificationMails({ mailer, orm: app.server.deps.orm, log: pino({ level: 'silent' }) }, 60_000);
    mails.queue([draft(ada, bo, 903)]);
    await mails.close();
    expect(batches.map((b) => b.map((m) => m.to))).toEqual([[ada.email]]);
    expect(await loggedFor([903])).toHaveLength(1);
  });
});
