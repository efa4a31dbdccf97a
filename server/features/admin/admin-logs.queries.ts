import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminAction } from '#protocol/enums.ts';
import { kysely } from '../../db/kysely.ts';

/**
 * Records an admin action (System Activity). details: JSON the tab reads (supportRequestId,
 * deletedAt, response). The row outlives both accounts it names (their ids go null on deletion).
 */
export async function insertAdminLog(
  em: EntityManager,
  log: { adminId: number; action: AdminAction; targetUserId: number | null; details: Record<string, unknown> },
): Promise<void> {
  await kysely(em)
    .insertInto('admin_logs')
    .values({ admin_id: log.adminId, action: log.action, target_user_id: log.targetUserId, details: JSON.stringify(log.details) })
    .execute();
}
