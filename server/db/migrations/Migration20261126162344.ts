import { Migration } from '@mikro-orm/migrations';

const FILE_TABLES = ['trip_images', 'trade_request_images', 'message_attachments', 'base_chat_message_attachments', 'schedule_images'];

/**
 * Who may read an upload (docs/decisions/0024): each image request looks its file up by name, so each
 * attachment table gets an index on filename. And the crew member's own day (docs/decisions/0024):
 * the time zone a crew member picks when the airport table does not know their base (decisions/0024).
 */
export class Migration20261126162344 extends Migration {
  override name = 'Migration20261126162344';

  override up(): void {
    for (const table of FILE_TABLES) this.addSql(`create index "${table}_filename_index" on "${table}" ("filename");`);
    this.addSql(`alter table "users" add column "time_zone" varchar(64) null;`);
  }

  override down(): void {
    for (const table of FILE_TABLES) this.addSql(`drop index "${table}_filename_index";`);
    this.addSql(`alter table "users" drop column "time_zone";`);
  }
}
