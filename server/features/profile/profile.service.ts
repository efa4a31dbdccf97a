import type { EntityManager } from '@mikro-orm/postgresql';
import { MSG } from '#protocol/messages.ts';
import type { ProfileView } from '#protocol/shapes.ts';
import type { ProfileBody } from '#protocol/schemas/profile.ts';
import type { Deps } from '../../deps.ts';
import type { ProfileShown } from '../../events/domain-events.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { dayOfGroup } from '../user-kernel/crew-day.ts';
import { lockGroups, moveRequestsOfUser } from '../trading/trading-core.ts';
import { groupKeyOf } from '../user-kernel/group.ts';
import { fullName, type UserRecord } from '../user-kernel/user.presenter.ts';
import { findUser } from '../user-kernel/users.queries.ts';
import * as profile from './profile.queries.ts';

type ProfileDeps = Pick<Deps, 'events'>;

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** What others see of a user and their group: the boards and sockets follow changes to it. */
const shownOf = (u: UserRecord): ProfileShown => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  employeeNumber: u.employeeNumber,
  airline: u.airline,
  base: u.base,
  position: u.position,
  aircraftType: u.aircraftType,
  profileImageUrl: u.profileImageUrl,
});

export class ProfileService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: ProfileDeps,
  ) {}

  /**
   * Saves the profile; a taken employee number is a 409 with the text the setup screen maps. The
   * user's requests follow them to their new group in the same transaction, where they are matched
   * as an edit would match them. After the commit, boards, sockets and cached sessions follow
   * (profile.changed, user.groupMoved).
   */
  async update(user: UserRecord, body: ProfileBody): Promise<UserRecord> {
    const fromGroup = groupKeyOf(user);
    const toGroup = groupKeyOf(body);
    const today = dayOfGroup(toGroup ?? '');
    try {
      return await this.deps.events.transaction(this.em, async (em, events) => {
        // The groups the requests leave and the one they join are locked as matching locks them, so
        // no create or edit there matches against a half-moved state: one in the old group would
        // still see them, one in the new group would miss them while they are matched here. Taken
        // before the users row is written (matching holds a group's lock while its activity log
        // refers to users rows, so the other order could deadlock), in one order (two moves between
        // the same groups in opposite directions would otherwise wait for each other).
        const leaving = toGroup ? await profile.requestGroupsOf(em, user.id, toGroup) : [];
        const lock = toGroup && leaving.length ? await lockGroups(em, [...leaving, toGroup]) : undefined;
        if (await profile.employeeNumberTaken(em, body.employeeNumber, user.id)) throw conflict(MSG.employeeNumberTaken, 'employeeNumber');
        const updated = await profile.updateProfile(em, user.id, body);
        if (toGroup && lock) await moveRequestsOfUser(lock, events, user.id, { groupKey: toGroup, aircraftType: body.aircraftType }, today);
        events.record({ type: 'profile.changed', userId: user.id, before: shownOf(user), after: shownOf(updated) });
        if (fromGroup !== toGroup) events.record({ type: 'user.groupMoved', userId: user.id, from: fromGroup, to: toGroup });
        return updated;
      });
    } catch (err) {
      // Two people claiming one number at once: the unique index decides, with the same answer.
      if (isUniqueViolation(err)) throw conflict(MSG.employeeNumberTaken, 'employeeNumber');
      throw err;
    }
  }

  /**
   * A crew profile: visible to the user, to admins, and to crew of the same group (airline, base,
   * position and aircraft type: those who could trade with them). Anyone else is told the user is
   * not found, so a profile outside the group does not even confirm the id exists.
   */
  async view(viewer: UserRecord, id: number): Promise<ProfileView> {
    const u = await findUser(this.em, id);
    const group = u ? groupKeyOf(u) : null;
    const visible = u && (u.id === viewer.id || viewer.isAdmin || (group !== null && group === groupKeyOf(viewer)));
    if (!u || !visible) throw notFound(MSG.userNotFound);
    const images = await profile.scheduleImagesOf(this.em, id);
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
