import { Migration } from '@mikro-orm/migrations';

/**
 * Offers (docs/decisions/0019): one pending message-only offer (no request, no pairing,
 * no reserve period) per sender and recipient. Before the index: offers left pending on a request
 * its owner deleted (the foreign key set their request to null; an accept would have completed the
 * sender's request against nothing) are declined, as a deletion now does; and of several pending
 * message-only offers between one pair, the first stays pending and the later ones are declined.
 */
export class Migration20261126170016 extends Migration {
  override name = 'Migration20261126170016';

  override up(): void {
    this.addSql(
      `update "trade_requests" set "status" = 'declined', "responded_at" = now() where "status" = 'pending' and "request_id" is null and ("offer_route" is not null or "offer_reserve_period" is not null);`,
    );
    this.addSql(
      `update "trade_requests" t set "status" = 'declined', "responded_at" = now() where t."status" = 'pending' and t."request_id" is null and t."offer_route" is null and t."offer_reserve_period" is null and exists (select 1 from "trade_requests" e where e."from_user_id" = t."from_user_id" and e."to_user_id" = t."to_user_id" and e."status" = 'pending' and e."request_id" is null and e."offer_route" is null and e."offer_reserve_period" is null and e."id" < t."id");`,
    );
    this.addSql(
      `create unique index "trade_requests_pending_message_once" on "trade_requests" ("from_user_id", "to_user_id") where "status" = 'pending' and "request_id" is null and "offer_route" is null and "offer_reserve_period" is null;`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "trade_requests_pending_message_once";`);
  }
}
