import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { groupKeyOf, type GroupFields } from '../user-kernel/group.ts';

export interface UploadViewer extends GroupFields {
  id: number;
}

/**
 * Whether `viewer` may see what the stored file `filename` belongs to (docs/decisions/0024): a
 * direct message's image to its two people, a base-chat image to its room (airline, base and
 * position, as chat-room.ts places users), a trip image to the group its request is in, a
 * schedule image to its owner's group, an offer's image to its two parties. An owner always sees
 * their own, complete profile or not. One statement; each table answers through its filename index.
 */
export async function uploadVisibleTo(em: EntityManager, filename: string, viewer: UploadViewer): Promise<boolean> {
  const group = groupKeyOf(viewer);
  const db = kysely(em);
  const row = await db
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(
            db
              .selectFrom('message_attachments as a')
              .innerJoin('messages as m', 'm.id', 'a.message_id')
              .select(sql.lit(1).as('one'))
              .where('a.filename', '=', filename)
              .where((w) => w.or([w('m.from_user_id', '=', viewer.id), w('m.to_user_id', '=', viewer.id)])),
          ),
          eb.exists(
            db
              .selectFrom('trade_request_images as a')
              .innerJoin('trade_requests as o', 'o.id', 'a.trade_request_id')
              .select(sql.lit(1).as('one'))
              .where('a.filename', '=', filename)
              .where((w) => w.or([w('o.from_user_id', '=', viewer.id), w('o.to_user_id', '=', viewer.id)])),
          ),
          eb.exists(
            db
              .selectFrom('trip_images as a')
              .innerJoin('requests as r', 'r.id', 'a.request_id')
              .select(sql.lit(1).as('one'))
              .where('a.filename', '=', filename)
              .where((w) => w.or([w('r.user_id', '=', viewer.id), ...(group ? [w('r.group_key', '=', group)] : [])])),
          ),
          eb.exists(
            db
              .selectFrom('schedule_images as a')
              .innerJoin('users as u', 'u.id', 'a.user_id')
              .select(sql.lit(1).as('one'))
              .where('a.filename', '=', filename)
              .where((w) =>
                w.or([
                  w('u.id', '=', viewer.id),
                  ...(group
                    ? [
                        w.and([
                          w('u.airline', '=', viewer.airline),
                          w('u.base', '=', viewer.base),
                          w('u.position', '=', viewer.position),
                          w('u.aircraft_type', '=', viewer.aircraftType),
                        ]),
                      ]
                    : []),
                ]),
              ),
          ),
          eb.exists(
            db
              .selectFrom('base_chat_message_attachments as a')
              .innerJoin('base_chat_messages as m', 'm.id', 'a.message_id')
              .select(sql.lit(1).as('one'))
              .where('a.filename', '=', filename)
              .where((w) =>
                w.or([
                  w('m.user_id', '=', viewer.id),
                  ...(group
                    ? [w.and([w('m.airline', '=', viewer.airline!), w('m.base', '=', viewer.base!), w('m.position', '=', viewer.position!)])]
                    : []),
                ]),
              ),
          ),
        ])
        .as('visible'),
    )
    .executeTakeFirst();
  return row?.visible === true;
}
