import { Migration } from '@mikro-orm/migrations';

/** Calendar feeds (docs/decisions/0013): one private feed per user, its token stored as a sha256. */
export class Migration20261126110000 extends Migration {
  override name = 'Migration20261126110000';

  override up(): void {
    this.addSql(
      `create table "calendar_feeds" ("id" serial primary key, "user_id" int not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "calendar_feeds" add constraint "calendar_feeds_user_id_unique" unique ("user_id");`);
    this.addSql(`alter table "calendar_feeds" add constraint "calendar_feeds_token_hash_unique" unique ("token_hash");`);
    this.addSql(
      `alter table "calendar_feeds" add constraint "calendar_feeds_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "calendar_feeds" cascade;`);
  }
}
