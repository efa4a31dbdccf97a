import { Migration } from '@mikro-orm/migrations';

/** Web Push (docs/decisions/0013): each browser's subscription, and the server's generated VAPID keys. */
export class Migration20261126120000 extends Migration {
  override name = 'Migration20261126120000';

  override up(): void {
    this.addSql(
      `create table "push_subscriptions" ("id" serial primary key, "user_id" int not null, "endpoint" text not null, "p256dh" varchar(100) not null, "auth" varchar(50) not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "push_subscriptions_user_id_index" on "push_subscriptions" ("user_id");`);
    this.addSql(`alter table "push_subscriptions" add constraint "push_subscriptions_endpoint_unique" unique ("endpoint");`);
    this.addSql(
      `alter table "push_subscriptions" add constraint "push_subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create table "server_secrets" ("name" varchar(50) primary key, "value" text not null, "created_at" timestamptz not null default now());`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "push_subscriptions" cascade;`);
    this.addSql(`drop table if exists "server_secrets" cascade;`);
  }
}
