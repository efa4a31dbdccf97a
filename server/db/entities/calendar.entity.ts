import { defineEntity, p } from '@mikro-orm/core';
import { insertTime, serialId } from './columns.ts';
import { User } from './user.entity.ts';

/**
 * A user's private calendar feed (docs/decisions/0013): one per user, named by a random token of 256 bits that
 * is stored only as its sha256, so a database leak does not give the feeds away.
 */
export const CalendarFeed = defineEntity({
  name: 'CalendarFeed',
  tableName: 'calendar_feeds',
  properties: {
    id: serialId(),
    user: p.manyToOne(User).deleteRule('cascade').fieldName('user_id').unique(),
    tokenHash: p.string().length(64).unique(),
    createdAt: insertTime(),
  },
});
