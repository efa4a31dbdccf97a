import { Migration } from '@mikro-orm/migrations';

/** A statement's activity rows folded into the rollup; `sign` -1 takes them back out. */
const fold = (rows: string, sign: 1 | -1) => `
    insert into user_activity_monthly as m (month, activity_type, shard, count, emails_sent)
    select date_trunc('month', created_at at time zone 'UTC')::date, activity_type, pg_backend_pid() % 32,
           ${sign} * count(*), ${sign} * count(*) filter (where email_sent)
    from ${rows}
    group by 1, 2
    order by 1, 2
    on conflict (month, activity_type, shard)
    do update set count = m.count + excluded.count, emails_sent = m.emails_sent + excluded.emails_sent;`;

/**
 * Administration (docs/decisions/0011):
 * - `user_activity_monthly`: the User Activity tab's counts per month and activity type, kept by
 *   statement triggers on user_activity_logs (inserts, updates, deletes: also the cascade of a
 *   deleted account), so GET /api/admin/user-activity sums a few hundred rows instead of grouping a
 *   million. Each connection writes its own shard (backend pid mod 32): writers in the hot paths
 *   (matching, accepting offers) do not queue on one counter row; the report sums the shards.
 * - `client_key` on requests and offers (trade_requests), unique per owner or sender: a create
 *   retried after a dropped connection is stored once, as messages already are (Migration20261126090000).
 * - Indexes on the references a deleted account's ids are set null in (admin logs, activity
 *   targets, support responders): without them each deletion scans those tables.
 */
export class Migration20261126100000 extends Migration {
  override name = 'Migration20261126100000';

  override up(): void {
    this.addSql(
      `create table "user_activity_monthly" ("month" date not null, "activity_type" varchar(40) not null, "shard" smallint not null, "count" int not null default 0, "emails_sent" int not null default 0, constraint "user_activity_monthly_pkey" primary key ("month", "activity_type", "shard"));`,
    );
    this.addSql(`create function user_activity_monthly_insert() returns trigger language plpgsql as $$
  begin ${fold('new_rows', 1)}
    return null;
  end $$;`);
    this.addSql(`create function user_activity_monthly_delete() returns trigger language plpgsql as $$
  begin ${fold('old_rows', -1)}
    return null;
  end $$;`);
    this.addSql(`create function user_activity_monthly_update() returns trigger language plpgsql as $$
  begin ${fold('old_rows', -1)} ${fold('new_rows', 1)}
    return null;
  end $$;`);
    this.addSql(
      `create trigger user_activity_monthly_insert after insert on user_activity_logs referencing new table as new_rows for each statement execute function user_activity_monthly_insert();`,
    );
    this.addSql(
      `create trigger user_activity_monthly_delete after delete on user_activity_logs referencing old table as old_rows for each statement execute function user_activity_monthly_delete();`,
    );
    this.addSql(
      `create trigger user_activity_monthly_update after update on user_activity_logs referencing old table as old_rows new table as new_rows for each statement execute function user_activity_monthly_update();`,
    );
    // Rows logged before this migration.
    this.addSql(`insert into user_activity_monthly (month, activity_type, shard, count, emails_sent)
      select date_trunc('month', created_at at time zone 'UTC')::date, activity_type, 0, count(*), count(*) filter (where email_sent)
      from user_activity_logs group by 1, 2;`);
    this.addSql(`create index "admin_logs_admin_id_index" on "admin_logs" ("admin_id");`);
    this.addSql(`create index "admin_logs_target_user_id_index" on "admin_logs" ("target_user_id");`);
    this.addSql(`create index "user_activity_logs_target_user_id_index" on "user_activity_logs" ("target_user_id");`);
    this.addSql(`create index "support_requests_admin_id_index" on "support_requests" ("admin_id");`);
    this.addSql(`alter table "requests" add column "client_key" varchar(64) null;`);
    this.addSql(`create unique index "requests_owner_client_key_unique" on "requests" ("user_id", "client_key");`);
    this.addSql(`alter table "trade_requests" add column "client_key" varchar(64) null;`);
    this.addSql(`create unique index "trade_requests_sender_client_key_unique" on "trade_requests" ("from_user_id", "client_key");`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists user_activity_monthly_insert on user_activity_logs;`);
    this.addSql(`drop trigger if exists user_activity_monthly_delete on user_activity_logs;`);
    this.addSql(`drop trigger if exists user_activity_monthly_update on user_activity_logs;`);
    this.addSql(`drop function if exists user_activity_monthly_insert();`);
    this.addSql(`drop function if exists user_activity_monthly_delete();`);
    this.addSql(`drop function if exists user_activity_monthly_update();`);
    this.addSql(`drop table if exists "user_activity_monthly" cascade;`);
    this.addSql(`drop index if exists "admin_logs_admin_id_index";`);
    this.addSql(`drop index if exists "admin_logs_target_user_id_index";`);
    this.addSql(`drop index if exists "user_activity_logs_target_user_id_index";`);
    this.addSql(`drop index if exists "support_requests_admin_id_index";`);
    this.addSql(`alter table "requests" drop column if exists "client_key";`);
    this.addSql(`alter table "trade_requests" drop column if exists "client_key";`);
  }
}
