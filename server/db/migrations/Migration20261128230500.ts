import { Migration } from '@mikro-orm/migrations';

/**
 * Counter-offers and standing rules (docs/decisions/0045). An offer may counter another (the offer it
 * answers, and the first offer of their thread); one the owner's rule accepted says so, and one it
 * left pending says why. A request carries its owner's rule. A pending offer is one per sender,
 * recipient and request: the owner of a request may counter the offers of several colleagues on it.
 */
export class Migration20261128230500 extends Migration {
  override name = 'Migration20261128230500';

  override up(): void {
    this.addSql(
      `alter table "trade_requests" add column "counter_of_id" int null, add column "thread_id" int null, add column "accepted_by_rule" boolean not null default false, add column "rule_note" varchar(300) null;`,
    );
    this.addSql(`create index "trade_requests_thread_index" on "trade_requests" ("thread_id") where "thread_id" is not null;`);
    this.addSql(`drop index "trade_requests_pending_once";`);
    this.addSql(
      `create unique index "trade_requests_pending_once" on "trade_requests" ("from_user_id", "to_user_id", "request_id") where status = 'pending';`,
    );
    this.addSql(`alter table "requests" add column "auto_accept" boolean not null default false;`);
  }

  override down(): void {
    this.addSql(`alter table "requests" drop column "auto_accept";`);
    this.addSql(`drop index "trade_requests_pending_once";`);
    this.addSql(`create unique index "trade_requests_pending_once" on "trade_requests" ("from_user_id", "request_id") where status = 'pending';`);
    this.addSql(`drop index "trade_requests_thread_index";`);
    this.addSql(
      `alter table "trade_requests" drop column "counter_of_id", drop column "thread_id", drop column "accepted_by_rule", drop column "rule_note";`,
    );
  }
}
