import pg from 'pg';
import { VERIFY_SUBJECT } from '../features/auth/auth.mails.ts';

export interface OutboxRow {
  recipient: string;
  subject: string;
  html: string;
  text: string | null;
}

/**
 * Mail the app put in its local outbox (no SMTP_URL in tests), newest last. The confirmation mail
 * every sign-up gets is left out unless asked for, so a test of other mail counts its own alone.
 */
export async function readOutbox(
  databaseUrl: string,
  recipient?: string,
  { includeConfirmations = false }: { includeConfirmations?: boolean } = {},
): Promise<OutboxRow[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const res = await client.query<OutboxRow>(
      `select recipient, subject, html, text from mail_outbox
       where ($1::text is null or recipient = $1) and ($2 or subject <> $3) order by id`,
      [recipient ?? null, includeConfirmations, VERIFY_SUBJECT],
    );
    return res.rows;
  } finally {
    await client.end();
  }
}

/** The newest mail to recipient with subject, waiting for it: mail is sent after the answer. */
export async function waitForMail(databaseUrl: string, recipient: string, subject: string, timeoutMs = 5000): Promise<OutboxRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await readOutbox(databaseUrl, recipient, { includeConfirmations: true })).filter((m) => m.subject === subject).at(-1);
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail "${subject}" to ${recipient} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Runs one SQL statement against the app's database, for arranging states the API can't reach quickly. */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  databaseUrl: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

export const resetTokenFrom = (mail: OutboxRow) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? mail.html)?.[1];
export const verifyLinkFrom = (mail: OutboxRow) => /(\S+\/api\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(mail.text ?? mail.html)?.[1];
