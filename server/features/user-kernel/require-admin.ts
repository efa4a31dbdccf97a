import { MSG } from '#protocol/messages.ts';
import type { AppContext } from '../../http/context.ts';
import { forbidden } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { hasAdminRights } from './owner.ts';
import type { UserRecord } from './users.queries.ts';

/**
 * The signed-in admin: 401 signed out, 403 for anyone else, whatever the client shows. The rights
 * are the stored flag or being the verified owner (owner.ts).
 */
export function requireAdmin(ctx: AppContext, ownerEmail: string | undefined): UserRecord {
  const user = requireUser(ctx);
  if (!hasAdminRights(user, ownerEmail)) throw forbidden(MSG.adminOnly);
  return user;
}
