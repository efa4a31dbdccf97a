import { Migration } from '@mikro-orm/migrations';

/**
 * E-mail confirmation tokens (hashed, single use, like password_reset_tokens), and the absolute
 * session lifetime applied to sessions written before it: none lives past sign-in + 90 days.
 */
export class Migration20261124090000 extends Migration {
  override name = 'Migration20261124090000';

  override up(): void {
    this.addSql(
      `create table "email_verification_tokens" ("id" serial primary key, "user_id" int not null, "token" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "email_verification_tokens" add constraint "email_verification_tokens_token_unique" unique ("token");`);
    this.addSql(`create index "email_verification_tokens_user_id_index" on "email_verification_tokens" ("user_id");`);
    this.addSql(
      `alter table "email_verification_tokens" add constraint "email_verification_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `update "sessions" set "expire" = least("expire", ("sess"->>'createdAt')::timestamptz + interval '90 days') where "sess"->>'createdAt' is not null;`,
    );
  }

  override down(): void {
    this.addSql('drop table if exists "email_verification_tokens" cascade;');
  }
}
