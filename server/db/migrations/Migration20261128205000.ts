import { Migration } from '@mikro-orm/migrations';

/**
 * Account mail in the notification outbox (docs/decisions/0043): a user's confirmation and reset
 * asks, of which only the newest of each kind is sent (a newer ask supersedes one still waiting).
 * A partial index finds them; no other row enters it.
 */
export class Migration20261128205000 extends Migration {
  override name = 'Migration20261128205000';

  override up(): void {
    this.addSql(
      `create index "notification_outbox_account_asks_index" on "notification_outbox" ("recipient_id", "id") where "channel" = 'mail' and "event"->>'type' in ('account.resetAsked', 'account.verifyAsked');`,
    );
  }

  override down(): void {
    this.addSql(`drop index "notification_outbox_account_asks_index";`);
  }
}
