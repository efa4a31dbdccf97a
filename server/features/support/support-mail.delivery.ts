import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventOf } from '../../events/domain-events.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import type { Deps } from '../../deps.ts';
import { mailDrafter, type MailDrafter } from '../../outbox/outbox-plugins.ts';
import { supportResponseMail } from './support.mails.ts';
import { presentSupportRequest } from './support.presenter.ts';
import { supportRequestsByIds } from './support.queries.ts';
import { poolEm } from '../../db/pool-em.ts';

/**
 * The mail of each admin answer an outbox batch delivers (docs/decisions/0043), built from the
 * request as stored now, or undefined when there is no one to send it to (the request or its filer
 * is gone). Sent whether or not the filer takes match mail: they asked.
 */
export async function supportAnswerMails(
  em: EntityManager,
  events: readonly EventOf<'support.responded'>[],
): Promise<(OutgoingMail | undefined)[]> {
  const rows = new Map(
    (
      await supportRequestsByIds(
        em,
        events.map((e) => e.supportRequestId),
      )
    ).map((r) => [r.id, r]),
  );
  return events.map((e) => {
    const row = rows.get(e.supportRequestId);
    if (!row?.userEmail) return undefined;
    return supportResponseMail(row.userEmail, presentSupportRequest(row), `${e.linkOrigin}/contact-support`);
  });
}

/** The outbox's drafter of support answers (registered in server/subscribers.ts). */
export const supportMailDrafter = (deps: Pick<Deps, 'orm'>): MailDrafter =>
  mailDrafter(['support.responded'], async (rows) => {
    const built = await supportAnswerMails(
      poolEm(deps.orm),
      rows.map((r) => r.event),
    );
    return { mails: rows.flatMap((r, i) => (built[i] ? [{ rowId: r.id, mail: built[i] }] : [])) };
  });
