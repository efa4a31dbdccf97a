import { Migration } from '@mikro-orm/migrations';

/**
 * The local outbox keeps each mail's Message-ID, once (docs/decisions/0043): a mail the outbox
 * sends again after a lost acknowledgement is stored once, as a receiving server that keys on the
 * Message-ID keeps it once. Mails stored before this have none (NULLs never conflict).
 */
export class Migration20261128204500 extends Migration {
  override name = 'Migration20261128204500';

  override up(): void {
    this.addSql(`alter table "mail_outbox" add column "message_id" varchar(255) null;`);
    this.addSql(`alter table "mail_outbox" add constraint "mail_outbox_message_id_unique" unique ("message_id");`);
  }

  override down(): void {
    this.addSql(`alter table "mail_outbox" drop constraint "mail_outbox_message_id_unique";`);
    this.addSql(`alter table "mail_outbox" drop column "message_id";`);
  }
}
