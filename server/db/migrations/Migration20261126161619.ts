import { Migration } from '@mikro-orm/migrations';

/** Crew rosters and the roster limits per airline (docs/decisions/0023). */
export class Migration20261126161619 extends Migration {
  override name = 'Migration20261126161619';

  override up(): void {
    this.addSql(
      `create table "rosters" ("id" serial primary key, "user_id" int not null, "duties" jsonb not null, "time_zone" varchar(64) not null default 'UTC', "url_cipher" text null, "url_hint" varchar(300) null, "updated_at" timestamptz not null default now(), "failing_since" timestamptz null, "failure" varchar(200) null, "next_fetch_at" timestamptz null);`,
    );
    this.addSql(`alter table "rosters" add constraint "rosters_user_id_unique" unique ("user_id");`);
    // Only subscriptions are ever due: the refresh reads this index, never the uploaded rosters.
    this.addSql(`create index "rosters_due_index" on "rosters" ("next_fetch_at") where "next_fetch_at" is not null;`);
    this.addSql(
      `alter table "rosters" add constraint "rosters_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create table "airline_roster_rules" ("airline" varchar(30) not null primary key, "max_consecutive_days" smallint not null, "min_rest_hours" smallint not null, "updated_at" timestamptz not null default now());`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "rosters" cascade;`);
    this.addSql(`drop table if exists "airline_roster_rules" cascade;`);
  }
}
