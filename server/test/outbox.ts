import pg from 'pg';

export interface OutboxRow {
  recipient: string;
  subject: string;
  html: string;
  text: string | null;
}

/** Mail the app put in its local outbox (no SMTP_URL in tests), newest last. */
export async function readOutbox(databaseUrl: string, recipient?: string): Promise<OutboxRow[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const res = await client.query<OutboxRow>(
      `select recipient, subject, html, text from mail_outbox ${recipient ? 'where recipient = $1' : ''} order by id`,
      recipient ? [recipient] : [],
    );
    return res.rows;
  } finally {
    await client.end();
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
