import { Migration } from '@mikro-orm/migrations';

/**
 * The notification outbox (docs/decisions/0026): mails and pushes recorded with the write that
 * causes them. The partial index is what the deliverers' claim and the operators' count read.
 */
export class Migration20261126201000 extends Migration {
  override name = 'Migration20261126201000';

  override up(): void {
    this.addSql(
      `create table "notification_outbox" ("id" serial primary key, "channel" varchar(10) not null, "recipient_id" int not null, "event" jsonb not null, "created_at" timestamptz not null default now(), "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "claimed_until" timestamptz null, "sent_at" timestamptz null, "failed_at" timestamptz null);`,
    );
    this.addSql(`create index "notification_outbox_due_index" on "notification_outbox" ("next_attempt_at", "id") where "sent_at" is null and "failed_at" is null;`);
    this.addSql(`create index "notification_outbox_sent_at_index" on "notification_outbox" ("sent_at") where "sent_at" is not null;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "notification_outbox";`);
  }
}
