import { Migration } from '@mikro-orm/migrations';

/**
 * Each member's own view of a three-way chain (docs/decisions/0025): dismissed from
 * /matches once ended, removed from the Trades screen's Completed tab.
 */
export class Migration20261126171500 extends Migration {
  override name = 'Migration20261126171500';

  override up(): void {
    this.addSql(`alter table "trade_chain_members" add column "dismissed_at" timestamptz null, add column "hidden_at" timestamptz null;`);
  }

  override down(): void {
    this.addSql(`alter table "trade_chain_members" drop column "dismissed_at", drop column "hidden_at";`);
  }
}
