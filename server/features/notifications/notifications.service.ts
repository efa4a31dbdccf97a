import type { EntityManager } from '@mikro-orm/postgresql';
import { MSG } from '../../../protocol/messages.ts';
import type { MatchNotification } from '../../../protocol/shapes.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { matchesOf, unacknowledgedMatchesOf } from '../matches/match-scope.ts';
import { displayDate } from '../matching/matching.rules.ts';
import { fullName, type UserRecord } from '../users/user.presenter.ts';

const isForeignKeyViolation = (err: unknown) => (err as { code?: string }).code === '23503';

export const NOTIFICATION_TITLE = 'New Match Found';

interface Row {
  matchId: number;
  createdAt: Date | string;
  type: string;
  date: string;
  firstName: string | null;
  lastName: string | null;
}

export class NotificationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: Pick<Deps, 'events'>,
  ) {}

  /** Pending matches of the caller not yet acknowledged by the caller, newest first (the bell). */
  async list(user: UserRecord): Promise<MatchNotification[]> {
    const rows = await this.em.execute<Row[]>(
      `select mm.id as "matchId", mm.created_at as "createdAt", mine.type, to_char(mine.date, 'YYYY-MM-DD') as date,
              u.first_name as "firstName", u.last_name as "lastName"
       from (${unacknowledgedMatchesOf('?')}) mm
       join requests mine on mine.id = mm.mine
       join requests o on o.id = mm.other
       join users u on u.id = o.user_id
       order by mm.created_at desc, mm.id desc`,
      [user.id, user.id, user.id, user.id],
    );
    return rows.map((r) => ({
      type: 'match',
      matchId: r.matchId,
      title: NOTIFICATION_TITLE,
      message: `${fullName(r) || 'A colleague'} matches your ${r.type} on ${displayDate(r.date)}`,
      createdAt: new Date(r.createdAt).toISOString(),
    }));
  }

  /** Participant only; acknowledging twice is the same as once (unique user + match). */
  async acknowledge(user: UserRecord, matchId: number): Promise<void> {
    await this.deps.events.transaction(this.em, async (em, events) => {
      const mine = await em.execute<{ id: number }[]>(`select mm.id from (${matchesOf('?', 'm.id = ?')}) mm`, [
        user.id,
        matchId,
        user.id,
        matchId,
      ]);
      if (!mine[0]) throw notFound(MSG.matchNotFound);
      // The match may be deleted (with its request) between the check and the insert: then it is gone.
      const inserted = await em
        .execute<{ id: number }[]>(
          'insert into notification_acknowledgments (user_id, match_id) values (?, ?) on conflict (user_id, match_id) do nothing returning id',
          [user.id, matchId],
        )
        .catch((err: unknown) => {
          if (isForeignKeyViolation(err)) throw notFound(MSG.matchNotFound);
          throw err;
        });
      if (inserted.length) events.record({ type: 'notification.changed', userId: user.id });
    });
  }
}
