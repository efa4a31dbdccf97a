import type { MikroORM } from '@mikro-orm/postgresql';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import { OutboxMail } from '../db/entities/index.ts';
import type { Logger } from '../lib/logger.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text?: string;
}

export interface Mailer {
  /** Never throws: a failed send is reported as delivered false, so it never fails the caller. */
  send(mail: OutgoingMail): Promise<{ delivered: boolean }>;
  /** Waits for the sends under way (mail goes out after the answer), then closes the transport. */
  close(): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise the local outbox table plus a log line. */
export function createMailer(config: Config, orm: MikroORM, log: Logger): Mailer {
  const transport: Transporter | undefined = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  // Sends still running when the instance stops must finish before the database closes under them.
  const inFlight = new Set<Promise<{ delivered: boolean }>>();
  const deliver = async (mail: OutgoingMail): Promise<{ delivered: boolean }> => {
    try {
      if (transport) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      } else {
        await orm.em.fork().insert(OutboxMail, { recipient: mail.to, subject: mail.subject, html: mail.html, text: mail.text ?? null });
        // Never the body: reset and confirmation links are credentials, and logs travel further than the outbox.
        log.info({ to: mail.to, subject: mail.subject }, 'mail stored in the local outbox');
      }
      return { delivered: true };
    } catch (err) {
      log.warn({ err, to: mail.to }, 'mail delivery failed');
      return { delivered: false };
    }
  };
  return {
    send(mail) {
      const sending = deliver(mail);
      inFlight.add(sending);
      void sending.finally(() => inFlight.delete(sending));
      return sending;
    },
    async close() {
      await Promise.all(inFlight);
      transport?.close();
    },
  };
}
