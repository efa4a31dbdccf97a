import type { EntityManager } from '@mikro-orm/postgresql';
import { MSG } from '../../../protocol/messages.ts';
import type { ProfileView } from '../../../protocol/shapes.ts';
import type { ProfileBody } from '../../../protocol/schemas/profile.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { BoardCache } from '../board/board-cache.ts';
import { boardsChangedByProfile } from '../board/profile-changes.ts';
import { fullName, groupKeyOf, userColumns, type UserRecord } from '../users/user.presenter.ts';

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export class ProfileService {
  constructor(
    private readonly em: EntityManager,
    /** Boards show their owners' names and live in groups: a change here changes them (board/). */
    private readonly boards: Pick<BoardCache, 'invalidate'>,
  ) {}

  /**
   * Saves the profile; a taken employee number is a 409 with the text the setup screen maps.
   * The user's requests follow them to their new group, in the same transaction.
   */
  async update(user: UserRecord, body: ProfileBody): Promise<{ user: UserRecord; fromGroup: string | null; toGroup: string | null }> {
    const fromGroup = groupKeyOf(user);
    try {
      const result = await this.em.transactional(async (em) => {
        const taken = await em.execute<{ id: number }[]>('select id from users where employee_number = ? and id <> ?', [
          body.employeeNumber,
          user.id,
        ]);
        if (taken.length) throw conflict(MSG.employeeNumberTaken, 'employeeNumber');
        const rows = await em.execute<UserRecord[]>(
          `update users set first_name = ?, last_name = ?, airline = ?, position = ?, employee_number = ?, base = ?,
             aircraft_type = ?, email_notifications = coalesce(?, email_notifications), updated_at = now()
           where id = ? returning ${userColumns('users')}`,
          [
            body.firstName,
            body.lastName,
            body.airline,
            body.position,
            body.employeeNumber,
            body.base,
            body.aircraftType,
            body.emailNotifications ?? null,
            user.id,
          ],
        );
        const updated = rows[0]!;
        const toGroup = groupKeyOf(updated);
        if (toGroup && toGroup !== fromGroup) {
          await em.execute('update requests set group_key = ?, aircraft_type = ? where user_id = ?', [
            toGroup,
            updated.aircraftType,
            user.id,
          ]);
        }
        return { user: updated, fromGroup, toGroup };
      });
      for (const group of boardsChangedByProfile(user, result.user)) this.boards.invalidate(group);
      return result;
    } catch (err) {
      // Two people claiming one number at once: the unique index decides, with the same answer.
      if (isUniqueViolation(err)) throw conflict(MSG.employeeNumberTaken, 'employeeNumber');
      throw err;
    }
  }

  /** A crew profile: visible to the user, to admins, and to crew of the same airline and position. */
  async view(viewer: UserRecord, id: number): Promise<ProfileView> {
    const rows = await this.em.execute<UserRecord[]>(`select ${userColumns('u')} from users u where u.id = ?`, [id]);
    const u = rows[0];
    const visible =
      u && (u.id === viewer.id || viewer.isAdmin || (u.airline === viewer.airline && u.position === viewer.position && !!u.airline));
    if (!u || !visible) throw notFound(MSG.userNotFound);
    const images = await this.em.execute<{ id: number; filename: string; originalName: string; uploadedAt: Date }[]>(
      `select id, filename, original_name as "originalName", uploaded_at as "uploadedAt" from schedule_images
       where user_id = ? order by uploaded_at desc`,
      [id],
    );
    return {
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      name: fullName(u),
      employeeNumber: u.employeeNumber,
      airline: u.airline as ProfileView['airline'],
      position: u.position as ProfileView['position'],
      base: u.base,
      aircraftType: u.aircraftType as ProfileView['aircraftType'],
      profileImageUrl: u.profileImageUrl,
      scheduleImages: images.map((i) => ({ ...i, uploadedAt: new Date(i.uploadedAt).toISOString() })),
    };
  }
}
