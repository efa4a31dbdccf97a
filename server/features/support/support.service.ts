import type { EntityManager } from '@mikro-orm/postgresql';
import { MSG } from '#protocol/messages.ts';
import type { SupportRequestBody, SupportResponseBody } from '#protocol/schemas/support.ts';
import type { AdminNotificationItem, SupportRequestItem } from '#protocol/shapes.ts';
import type { Deps } from '../../deps.ts';
import { mapPage, pageFrom, timeKeys, type Page, type TimeCursor } from '../../db/paging.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { insertAdminLog } from '../admin/admin-logs.queries.ts';
import { fullName, type UserRecord } from '../user-kernel/user.presenter.ts';
import { adminNotificationsOf, markAdminNotificationRead, notifyAdmins } from './admin-notifications.queries.ts';
import { presentAdminNotification, presentSupportRequest } from './support.presenter.ts';
import {
  insertSupportRequest,
  lockSupportRequest,
  resolveSupportRequest,
  supportRequestById,
  supportRequestCounts,
  supportRequestPage,
} from './support.queries.ts';

/** The bell lists every unread entry; read ones fill it up to this many. */
const BELL_MAX = 50;

/**
 * Support requests (docs/product-spec.md sections 2, 4 and 7): crew file them, every admin hears of each one (a
 * bell entry, live), an admin answers one that is not resolved yet, which resolves it, is logged as
 * support_response and reaches the filer by e-mail and on their open screens.
 */
export class SupportService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: Pick<Deps, 'events'>,
  ) {}

  async create(user: UserRecord, body: SupportRequestBody): Promise<SupportRequestItem> {
    const id = await this.deps.events.transaction(this.em, async (em, events) => {
      const id = await insertSupportRequest(em, user.id, body);
      const who = fullName(user) || user.email;
      const notificationIds = await notifyAdmins(em, {
        notificationType: 'support_request',
        referenceId: id,
        title: 'New Support Request',
        message: `${who}: ${body.subject}`,
      });
      events.record({ type: 'support.created', supportRequestId: id, userId: user.id });
      if (notificationIds.length) events.record({ type: 'admin.notified', notificationIds });
      return id;
    });
    return this.loadOne(id);
  }

  /** A page of the caller's own support requests, newest first. */
  async own(user: UserRecord, cursor?: TimeCursor): Promise<Page<SupportRequestItem>> {
    return mapPage(pageFrom(await supportRequestPage(this.em, user.id, cursor), timeKeys), presentSupportRequest);
  }

  /** A page of every support request, newest first. */
  async all(cursor?: TimeCursor): Promise<Page<SupportRequestItem>> {
    return mapPage(pageFrom(await supportRequestPage(this.em, null, cursor), timeKeys), presentSupportRequest);
  }

  counts(): Promise<{ total: number; resolved: number }> {
    return supportRequestCounts(this.em);
  }

  /** Exactly once (linkOrigin: where the mail's link points): of two admins answering at once, the second is told it is resolved already. */
  async respond(admin: UserRecord, id: number, body: SupportResponseBody, linkOrigin: string): Promise<SupportRequestItem> {
    await this.deps.events.transaction(this.em, async (em, events) => {
      const request = await lockSupportRequest(em, id);
      if (!request) throw notFound(MSG.supportRequestNotFound);
      if (request.status === 'resolved') throw conflict(MSG.supportAlreadyResolved);
      await resolveSupportRequest(em, id, admin.id, body.response);
      await insertAdminLog(em, {
        adminId: admin.id,
        action: 'support_response',
        targetUserId: request.userId,
        details: { supportRequestId: id, response: body.response },
      });
      events.record({ type: 'support.responded', supportRequestId: id, userId: request.userId, adminId: admin.id, linkOrigin });
    });
    return this.loadOne(id);
  }

  async notifications(admin: UserRecord): Promise<AdminNotificationItem[]> {
    return (await adminNotificationsOf(this.em, admin.id, BELL_MAX)).map(presentAdminNotification);
  }

  /** Idempotent; another admin's entry is not found. */
  async markNotificationRead(admin: UserRecord, id: number): Promise<void> {
    await this.deps.events.transaction(this.em, async (em, events) => {
      const result = await markAdminNotificationRead(em, id, admin.id);
      if (result === 'none') throw notFound(MSG.adminNotificationNotFound);
      if (result === 'read') events.record({ type: 'admin.notificationsRead', adminId: admin.id });
    });
  }

  private async loadOne(id: number): Promise<SupportRequestItem> {
    const row = await supportRequestById(this.em, id);
    if (!row) throw notFound(MSG.supportRequestNotFound);
    return presentSupportRequest(row);
  }
}
