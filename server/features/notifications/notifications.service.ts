import type { EntityManager } from '@mikro-orm/postgresql';
import { MSG } from '#protocol/messages.ts';
import type { MatchNotification } from '#protocol/shapes.ts';
import { mapPage, pageFrom, timeKeys, type Page, type TimeCursor } from '../../db/paging.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { acknowledgeMatch, isOwnMatch } from '../matches/matches.queries.ts';
import type { UserRecord } from '../user-kernel/user.presenter.ts';
import { presentNotification } from './notifications.presenter.ts';
import { unacknowledgedMatches } from './notifications.queries.ts';

const isForeignKeyViolation = (err: unknown) => (err as { code?: string }).code === '23503';

export class NotificationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: Pick<Deps, 'events'>,
  ) {}

  /** Pending matches of the caller not yet acknowledged by the caller, newest first (the bell). */
  async list(user: UserRecord, cursor?: TimeCursor): Promise<Page<MatchNotification>> {
    return mapPage(pageFrom(await unacknowledgedMatches(this.em, user.id, cursor), timeKeys), presentNotification);
  }

  /** Participant only; acknowledging twice is the same as once (unique user + match). */
  async acknowledge(user: UserRecord, matchId: number): Promise<void> {
    await this.deps.events.transaction(this.em, async (em, events) => {
      if (!(await isOwnMatch(em, user.id, matchId))) throw notFound(MSG.matchNotFound);
      // The match may be deleted (with its request) between the check and the insert: then it is gone.
      const acknowledged = await acknowledgeMatch(em, user.id, matchId).catch((err: unknown) => {
        if (isForeignKeyViolation(err)) throw notFound(MSG.matchNotFound);
        throw err;
      });
      if (acknowledged) events.record({ type: 'notification.changed', userId: user.id });
    });
  }
}
