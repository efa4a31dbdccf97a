import { Migration } from '@mikro-orm/migrations';

/**
 * Offers (docs/decisions/0009): the sender's own request when the offer was sent on a match of
 * theirs (accepting completes it too), and at most one pending offer per sender and target request.
 */
export class Migration20261125100000 extends Migration {
  override name = 'Migration20261125100000';

  override up(): void {
    this.addSql(`alter table "trade_requests" add column "sender_request_id" int null;`);
    this.addSql(
      `alter table "trade_requests" add constraint "trade_requests_sender_request_id_foreign" foreign key ("sender_request_id") references "requests" ("id") on delete set null;`,
    );
    this.addSql(`create index "trade_requests_sender_request_id_index" on "trade_requests" ("sender_request_id");`);
    this.addSql(
      `create unique index "trade_requests_pending_once" on "trade_requests" ("from_user_id", "request_id") where status = 'pending';`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "trade_requests_pending_once";`);
    this.addSql(`alter table "trade_requests" drop column if exists "sender_request_id";`);
  }
}
