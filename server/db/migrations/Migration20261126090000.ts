import { Migration } from '@mikro-orm/migrations';

/**
 * Live messaging (docs/decisions/0010):
 * - `client_key` on direct and base-chat messages: a client-generated key per send, unique per
 *   sender, so a send retried after a dropped connection is stored once (insert ... on conflict do
 *   nothing, then read the stored row). NULLs stay distinct, so old rows need no key.
 * - `conversation_cleared`: deleting a conversation hides it for the caller only. One row per
 *   (user, other user) holds the highest message id the caller cleared; the other person keeps
 *   every message, and a newer message shows the conversation again (from that message on).
 * - `messages_recipient_sender_index`: the other half of a conversation lookup (the pair index
 *   leads with the sender), for the thread page and the latest message per conversation.
 */
export class Migration20261126090000 extends Migration {
  override name = 'Migration20261126090000';

  override up(): void {
    this.addSql(`alter table "messages" add column "client_key" varchar(64) null;`);
    this.addSql(`create unique index "messages_sender_client_key_unique" on "messages" ("from_user_id", "client_key");`);
    this.addSql(`alter table "base_chat_messages" add column "client_key" varchar(64) null;`);
    this.addSql(
      `create unique index "base_chat_messages_sender_client_key_unique" on "base_chat_messages" ("user_id", "client_key");`,
    );
    this.addSql(`create index "messages_recipient_sender_index" on "messages" ("to_user_id", "from_user_id", "id");`);
    this.addSql(
      `create table "conversation_cleared" ("user_id" int not null, "other_user_id" int not null, "cleared_through_id" int not null, "cleared_at" timestamptz not null default now(), constraint "conversation_cleared_pkey" primary key ("user_id", "other_user_id"));`,
    );
    this.addSql(
      `alter table "conversation_cleared" add constraint "conversation_cleared_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "conversation_cleared" add constraint "conversation_cleared_other_user_id_foreign" foreign key ("other_user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create index "conversation_cleared_other_user_id_index" on "conversation_cleared" ("other_user_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "conversation_cleared" cascade;`);
    this.addSql(`drop index if exists "messages_recipient_sender_index";`);
    this.addSql(`drop index if exists "base_chat_messages_sender_client_key_unique";`);
    this.addSql(`alter table "base_chat_messages" drop column if exists "client_key";`);
    this.addSql(`drop index if exists "messages_sender_client_key_unique";`);
    this.addSql(`alter table "messages" drop column if exists "client_key";`);
  }
}
