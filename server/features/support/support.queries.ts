import type { EntityManager } from '@mikro-orm/postgresql';
import type { SupportRequestBody } from '#protocol/schemas/support.ts';
import { kysely } from '../../db/kysely.ts';
import { microsOf, pageLimit, pastTimeCursor, type TimeCursor } from '../../db/paging.ts';
import { personFields } from '../user-kernel/person.fields.ts';

/** A support request with its filer and responder, as both lists show it (support.presenter.ts). */
function supportRequestRows(em: EntityManager) {
  return kysely(em)
    .selectFrom('support_requests as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('users as a', 'a.id', 's.admin_id')
    .select([
      's.id',
      's.category',
      's.subject',
      's.message',
      's.priority',
      's.status',
      's.admin_response as adminResponse',
      's.created_at as createdAt',
      's.updated_at as updatedAt',
      's.resolved_at as resolvedAt',
      ...personFields('u', 'user'),
      'a.first_name as adminFirstName',
      'a.last_name as adminLastName',
      's.admin_id as adminId',
    ]);
}

export type SupportRequestRow = Awaited<ReturnType<ReturnType<typeof supportRequestRows>['execute']>>[number];

/** A page of support requests, newest first (PAGE_SIZE + 1 rows from the cursor: pageFrom); every filer's, or one's. */
export function supportRequestPage(em: EntityManager, userId: number | null, cursor?: TimeCursor) {
  return supportRequestRows(em)
    .select(microsOf('s.created_at').as('sortMicros'))
    .$if(userId !== null, (q) => q.where('s.user_id', '=', userId!))
    .where(pastTimeCursor('s.created_at', 's.id', cursor ?? null))
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(pageLimit())
    .execute();
}

/** How many support requests there are, and how many of them are resolved (the Support card and badges). */
export async function supportRequestCounts(em: EntityManager): Promise<{ total: number; resolved: number }> {
  const row = await kysely(em)
    .selectFrom('support_requests')
    .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.countAll<string>().filterWhere('status', '=', 'resolved').as('resolved')])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), resolved: Number(row.resolved) };
}

export function supportRequestById(em: EntityManager, id: number): Promise<SupportRequestRow | undefined> {
  return supportRequestRows(em).where('s.id', '=', id).executeTakeFirst();
}

/** The answered requests whose mails one outbox batch sends, in one read. */
export function supportRequestsByIds(em: EntityManager, ids: readonly number[]): Promise<SupportRequestRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return supportRequestRows(em)
    .where('s.id', 'in', [...new Set(ids)])
    .execute();
}

export async function insertSupportRequest(em: EntityManager, userId: number, body: SupportRequestBody): Promise<number> {
  const row = await kysely(em)
    .insertInto('support_requests')
    .values({ user_id: userId, category: body.category, subject: body.subject, message: body.message, priority: body.priority })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The request's status, locked until the transaction ends (two admins answering at once). */
export async function lockSupportRequest(em: EntityManager, id: number): Promise<{ status: string; userId: number } | undefined> {
  const row = await kysely(em)
    .selectFrom('support_requests')
    .select(['status', 'user_id as userId'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row;
}

export async function resolveSupportRequest(em: EntityManager, id: number, adminId: number, response: string): Promise<void> {
  await kysely(em)
    .updateTable('support_requests')
    .set((eb) => ({
      status: 'resolved',
      admin_response: response,
      admin_id: adminId,
      resolved_at: eb.fn<string>('now'),
      updated_at: eb.fn<string>('now'),
    }))
    .where('id', '=', id)
    .execute();
}
