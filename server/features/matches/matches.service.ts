import type { EntityManager } from '@mikro-orm/postgresql';
import type { MatchStatus } from '../../../protocol/enums.ts';
import { MSG } from '../../../protocol/messages.ts';
import type { MatchItem } from '../../../protocol/shapes.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { UserRecord } from '../users/user.presenter.ts';
import { matchesOf } from './match-scope.ts';
import { presentMatches, type MatchSide } from './matches.presenter.ts';

type MatchesDeps = Pick<Deps, 'events'>;
type OwnedMatch = MatchSide & { otherUserId: number };

const SIDE_COLUMNS = 'mm.id, mm.status, mm.created_at as "createdAt", mm.mine, mm.other';

export class MatchesService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: MatchesDeps,
  ) {}

  /** Matches where either request is the caller's, newest first, each oriented for the caller. */
  async list(user: UserRecord): Promise<MatchItem[]> {
    const sides = await this.em.execute<MatchSide[]>(
      `select ${SIDE_COLUMNS} from (${matchesOf('?')}) mm order by mm.created_at desc, mm.id desc`,
      [user.id, user.id],
    );
    return presentMatches(this.em, sides);
  }

  /**
   * pending or active → trade_requested (an offer was sent from it). Only a participant; the
   * conditional update decides races. The caller's notification for it is acknowledged too.
   */
  async setStatus(user: UserRecord, id: number, status: Extract<MatchStatus, 'trade_requested'>): Promise<MatchItem> {
    const match = await this.deps.events.transaction(this.em, async (em, events) => {
      const match = await this.findOwned(em, user, id);
      const updated = await em.execute<{ id: number }[]>(
        `update matches set status = ?, updated_at = now() where id = ? and status in ('pending', 'active') returning id`,
        [status, id],
      );
      if (!updated[0]) throw conflict(MSG.matchClosed);
      await em.execute(
        'insert into notification_acknowledgments (user_id, match_id) values (?, ?) on conflict (user_id, match_id) do nothing',
        [user.id, id],
      );
      events.record({ type: 'match.changed', matchId: id, status, userIds: [user.id, match.otherUserId] });
      return { ...match, status };
    });
    const [item] = await presentMatches(this.em, [match]);
    if (!item) throw notFound(MSG.matchNotFound);
    return item;
  }

  /** Only a participant; its acknowledgements go with it (cascade). */
  async remove(user: UserRecord, id: number): Promise<void> {
    await this.deps.events.transaction(this.em, async (em, events) => {
      const match = await this.findOwned(em, user, id);
      await em.execute('delete from matches where id = ?', [id]);
      events.record({ type: 'match.changed', matchId: id, status: 'deleted', userIds: [user.id, match.otherUserId] });
    });
  }

  private async findOwned(em: EntityManager, user: UserRecord, id: number): Promise<OwnedMatch> {
    const rows = await em.execute<OwnedMatch[]>(
      `select ${SIDE_COLUMNS}, o.user_id as "otherUserId"
       from (${matchesOf('?', 'm.id = ?')}) mm join requests o on o.id = mm.other`,
      [user.id, id, user.id, id],
    );
    if (!rows[0]) throw notFound(MSG.matchNotFound);
    return rows[0];
  }
}
