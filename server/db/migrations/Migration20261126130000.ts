import { Migration } from '@mikro-orm/migrations';

/** Three-way trade chains (docs/decisions/0014): the chain, its three members, and the trades it wrote. */
export class Migration20261126130000 extends Migration {
  override name = 'Migration20261126130000';

  override up(): void {
    this.addSql(
      `create table "trade_chains" ("id" serial primary key, "group_key" varchar(120) not null, "route_type" varchar(20) not null, "cycle_key" varchar(64) not null, "status" varchar(20) not null default 'proposed', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "trade_chains" add constraint "trade_chains_cycle_key_unique" unique ("cycle_key");`);
    this.addSql(`create index "trade_chains_open_index" on "trade_chains" ("group_key") where "status" = 'proposed';`);
    this.addSql(
      `create table "trade_chain_members" ("id" serial primary key, "chain_id" int not null, "position" smallint not null, "user_id" int not null, "request_id" int null, "decision" varchar(20) not null default 'pending', "decided_at" timestamptz null);`,
    );
    this.addSql(`alter table "trade_chain_members" add constraint "trade_chain_members_position_unique" unique ("chain_id", "position");`);
    this.addSql(`create index "trade_chain_members_user_id_index" on "trade_chain_members" ("user_id");`);
    this.addSql(`create index "trade_chain_members_request_id_index" on "trade_chain_members" ("request_id");`);
    this.addSql(
      `alter table "trade_chain_members" add constraint "trade_chain_members_chain_id_foreign" foreign key ("chain_id") references "trade_chains" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "trade_chain_members" add constraint "trade_chain_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "trade_chain_members" add constraint "trade_chain_members_request_id_foreign" foreign key ("request_id") references "requests" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`alter table "trades" add column "chain_id" int null;`);
    this.addSql(`create index "trades_chain_id_index" on "trades" ("chain_id");`);
    this.addSql(
      `alter table "trades" add constraint "trades_chain_id_foreign" foreign key ("chain_id") references "trade_chains" ("id") on update cascade on delete set null;`,
    );
  }

  override down(): void {
    this.addSql(`alter table "trades" drop column "chain_id";`);
    this.addSql(`drop table if exists "trade_chain_members" cascade;`);
    this.addSql(`drop table if exists "trade_chains" cascade;`);
  }
}
