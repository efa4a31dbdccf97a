import type { EntityManager } from '@mikro-orm/postgresql';
import { EMAIL_TEMPLATE_TYPES, type EmailTemplateType } from '#protocol/enums.ts';
import { RECENT_ACTIVITY_MAX } from '#protocol/limits.ts';
import { MSG } from '#protocol/messages.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { EmailTemplateBody } from '#protocol/schemas/support.ts';
import type { AdminLogItem, AdminUserItem, EmailTemplateItem, UserActivityReport } from '#protocol/shapes.ts';
import { mapPage, pageFrom, timeKeys, type Page, type TimeCursor } from '../../db/paging.ts';
import type { Deps } from '../../deps.ts';
import { SessionStore } from '../auth/session.store.ts';
import { forbidden, invalid, notFound } from '../../http/errors.ts';
import { templateProblem } from '../../mail/template-check.ts';
import { dropOrphanTrades, lockGroups, proposedChainsOfUser, recheckChains } from '../trading/trading-core.ts';
import { dayOfGroup } from '../user-kernel/crew-day.ts';
import { groupKeyOf } from '../user-kernel/group.ts';
import { isProtectedOwner } from '../user-kernel/owner.ts';
import type { UserRecord } from '../user-kernel/user.presenter.ts';
import { insertAdminLog } from './admin-logs.queries.ts';
import {
  presentActivity,
  presentAdminLog,
  presentAdminUser,
  presentEmailTemplate,
  presentMonthlyStat,
  presentTotalStat,
} from './admin.presenter.ts';
import {
  adminLogs,
  allUsers,
  countOf,
  emailTemplates,
  monthlyActivity,
  recentActivity,
  templateVariables,
  totalActivity,
  updateEmailTemplate,
} from './admin.queries.ts';
import {
  counterpartsOfUser,
  deleteUserRow,
  groupsOfUser,
  lockUserForDeletion,
  matchesOfUser,
  requestsOfUser,
  storedFilesOfUser,
} from './user-deletion.queries.ts';

/** Administration (docs/product-spec.md sections 2, 4 and 7): the callers are admins (routes check it). */
export class AdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: Pick<Deps, 'events' | 'config'>,
  ) {}

  /** A page of every account, newest first. */
  async users(cursor?: TimeCursor): Promise<Page<AdminUserItem>> {
    return mapPage(pageFrom(await allUsers(this.em, cursor), timeKeys), (u) => presentAdminUser(u, this.deps.config.ownerEmail));
  }

  /** How many accounts or admin actions there are in all. */
  count(what: 'users' | 'logs'): Promise<number> {
    return countOf(this.em, what === 'users' ? 'users' : 'admin_logs');
  }

  /**
   * Removes the account and everything that is its own in one transaction (the foreign keys
   * cascade: requests, matches, offers, messages, chat, schedule, notifications, sessions' rows;
   * admin logs and other people's trades keep their rows with the name gone). After the commit its
   * files leave the disk, its sessions and sockets end, and the boards, lists and counts of the
   * people it dealt with follow. Never the protected owner, never oneself.
   */
  async deleteUser(admin: UserRecord, userId: number): Promise<void> {
    if (userId === admin.id) throw forbidden(MSG.cannotDeleteSelf);
    await this.deps.events.transaction(this.em, async (em, events) => {
      // The groups of the account and its requests first, then its row: the trading core's one lock
      // order (groups, then rows), as an accept takes them. Matching of those boards waits: no new
      // match may point at a request being deleted, and an accept of its offers queues here instead
      // of holding the group while it waits for the account's row.
      const before = await groupsOfUser(em, userId);
      const lock = await lockGroups(em, before);
      const user = await lockUserForDeletion(em, userId);
      if (!user) throw notFound(MSG.userNotFound);
      if (isProtectedOwner(user, this.deps.config.ownerEmail)) throw forbidden(MSG.cannotDeleteOwner);
      const requests = await requestsOfUser(em, userId);
      // A profile change moved the account or a request to another group meanwhile: that one late.
      for (const g of [groupKeyOf(user), ...requests.map((r) => r.groupKey)]) if (g) await lock.extend(g);
      const files = await storedFilesOfUser(em, userId);
      const matches = await matchesOfUser(em, userId);
      const counterparts = await counterpartsOfUser(em, userId);
      const sids = await new SessionStore(em).destroyAllForUser(userId);
      const chains = await proposedChainsOfUser(em, userId);
      await deleteUserRow(em, userId);
      // The two other members of a chain it was in: cancelled, and told.
      await recheckChains(lock, events, chains, dayOfGroup(groupKeyOf(user) ?? ''));
      await dropOrphanTrades(lock);
      await insertAdminLog(em, {
        adminId: admin.id,
        action: 'user_deleted',
        targetUserId: null,
        details: {
          deletedUserId: userId,
          name: [user.firstName, user.lastName].filter(Boolean).join(' '),
          email: user.email,
          deletedAt: new Date().toISOString(),
        },
      });
      events.record(
        { type: 'sessions.ended', userId, sids },
        ...requests.map((r) => ({ type: 'request.deleted' as const, requestId: r.id, userId, groupKey: r.groupKey })),
        ...matches.map((m) => ({ type: 'match.changed' as const, matchId: m.id, status: 'deleted' as const, userIds: [m.userA, m.userB] })),
        { type: 'user.deleted', userId, groupKey: groupKeyOf(user), adminId: admin.id },
      );
      if (counterparts.length) events.record({ type: 'badges.stale', userIds: counterparts });
      if (files.length) events.record({ type: 'files.released', filenames: files });
    });
  }

  /** A page of the admin actions, newest first. */
  async logs(cursor?: TimeCursor): Promise<Page<AdminLogItem>> {
    return mapPage(pageFrom(await adminLogs(this.em, cursor), timeKeys), presentAdminLog);
  }

  async activity(): Promise<UserActivityReport> {
    const [logs, monthly, totals] = await Promise.all([
      recentActivity(this.em, RECENT_ACTIVITY_MAX),
      monthlyActivity(this.em),
      totalActivity(this.em),
    ]);
    return {
      logs: logs.map(presentActivity),
      stats: { monthlyStats: monthly.map(presentMonthlyStat), totalStats: totals.map(presentTotalStat) },
    };
  }

  async templates(): Promise<EmailTemplateItem[]> {
    return (await emailTemplates(this.em)).map(presentEmailTemplate);
  }

  /** Saves an edit that parses and names only the template's own variables (template-check.ts). */
  async updateTemplate(templateType: string, body: EmailTemplateBody): Promise<EmailTemplateItem> {
    if (!(EMAIL_TEMPLATE_TYPES as readonly string[]).includes(templateType)) throw notFound(MSG.templateNotFound);
    if (body.templateType !== undefined && body.templateType !== (templateType as EmailTemplateType)) {
      throw invalid(MSG.templateTypeMismatch, 'templateType');
    }
    await inTransaction(this.em, async (em) => {
      const variables = await templateVariables(em, templateType);
      if (!variables) throw notFound(MSG.templateNotFound);
      const problem =
        templateProblem(body.subjectTemplate, variables, 'Subject Template') ??
        templateProblem(body.htmlTemplate, variables, 'HTML Template');
      if (problem) throw invalid(problem, problem.endsWith('Subject Template') ? 'subjectTemplate' : 'htmlTemplate');
      await updateEmailTemplate(em, templateType, body);
    });
    const saved = (await this.templates()).find((t) => t.templateType === templateType);
    if (!saved) throw notFound(MSG.templateNotFound);
    return saved;
  }
}
