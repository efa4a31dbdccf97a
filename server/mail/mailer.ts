import type { MikroORM } from '@mikro-orm/postgresql';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Logger } from '../lib/logger.ts';
import { insertOutboxMails } from './outbox.queries.ts';
import { poolEm } from '../db/pool-em.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text?: string;
  /** A stable Message-ID (the notification outbox's): a resend after a lost acknowledgement is the same message. */
  messageId?: string;
  /** The request that asked for it (its X-Request-Id), so the mail's log lines can be traced back to it. */
  requestId?: string;
}

export interface Mailer {
  /** Never throws: a failed send is reported as delivered false, so it never fails the caller. */
  send(mail: OutgoingMail): Promise<{ delivered: boolean }>;
  /**
   * Several mails at once (a commit's notices), each delivered or not, in order. Never throws. The
   * local outbox stores them in one insert, SMTP sends them side by side. `onEach` hears of each
   * mail as soon as it is settled (the server said "250" or refused), before the slowest of the
   * batch: the outbox marks a row sent the moment its mail is taken (docs/decisions/0043).
   */
  sendAll(mails: readonly OutgoingMail[], onEach?: (index: number, delivered: boolean) => void): Promise<{ delivered: boolean }[]>;
  /** Waits for the sends under way (mail goes out after the answer), then closes the transport. */
  close(): Promise<void>;
}

type Delivery = { delivered: boolean }[];

/** SMTP through nodemailer when SMTP_URL is set; otherwise the local outbox table plus a log line. */
export function createMailer(config: Config, orm: MikroORM, log: Logger): Mailer {
  // nodemailer only with an SMTP server to talk to, loaded with the first mail (issue 44: the idle baseline).
  let transport: Promise<Transporter> | undefined;
  const smtpTransport = (url: string) => (transport ??= import('nodemailer').then((m) => m.default.createTransport(url)));
  // Sends still running when the instance stops must finish before the database closes under them.
  const inFlight = new Set<Promise<Delivery>>();
  type OnEach = ((index: number, delivered: boolean) => void) | undefined;
  const smtp = (url: string, mails: readonly OutgoingMail[], onEach: OnEach): Promise<Delivery> =>
    Promise.all(
      mails.map(async (mail, index) => {
        let delivered: boolean;
        try {
          const { requestId: _requestId, ...message } = mail;
          await (await smtpTransport(url)).sendMail({ from: config.mailFrom, ...message });
          delivered = true;
        } catch (err) {
          log.warn({ err, to: mail.to, ...(mail.requestId ? { reqId: mail.requestId } : {}) }, 'mail delivery failed');
          delivered = false;
        }
        onEach?.(index, delivered);
        return { delivered };
      }),
    );
  const outbox = async (mails: readonly OutgoingMail[], onEach: OnEach): Promise<Delivery> => {
    let delivered: boolean;
    try {
      await insertOutboxMails(poolEm(orm), mails);
      // Never the body: reset and confirmation links are credentials, and logs travel further than the outbox.
      for (const mail of mails)
        log.info(
          { to: mail.to, subject: mail.subject, ...(mail.requestId ? { reqId: mail.requestId } : {}) },
          'mail stored in the local outbox',
        );
      delivered = true;
    } catch (err) {
      log.warn({ err, to: mails.map((m) => m.to) }, 'mail delivery failed');
      delivered = false;
    }
    mails.forEach((_, index) => onEach?.(index, delivered));
    return mails.map(() => ({ delivered }));
  };
  const sendAll = (mails: readonly OutgoingMail[], onEach?: OnEach): Promise<Delivery> => {
    if (mails.length === 0) return Promise.resolve([]);
    const sending = config.smtpUrl ? smtp(config.smtpUrl, mails, onEach) : outbox(mails, onEach);
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
    return sending;
  };
  return {
    async send(mail) {
      return (await sendAll([mail]))[0]!;
    },
    sendAll,
    async close() {
      await Promise.all(inFlight);
      (await transport)?.close();
    },
  };
}
