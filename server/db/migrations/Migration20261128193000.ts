import { Migration } from '@mikro-orm/migrations';

/**
 * Roster kinds (docs/decisions/0040): a crew member's own kind for an event, kept by UID across
 * re-reads of the roster, and an airline's own codes for kinds, as its admin enters them.
 */
export class Migration20261128193000 extends Migration {
  override name = 'Migration20261128193000';

  override up(): void {
    this.addSql(`alter table "rosters" add column "kind_overrides" jsonb not null default '{}';`);
    this.addSql(`alter table "airline_roster_rules" add column "kind_patterns" jsonb not null default '[]';`);
  }

  override down(): void {
    this.addSql(`alter table "rosters" drop column "kind_overrides";`);
    this.addSql(`alter table "airline_roster_rules" drop column "kind_patterns";`);
  }
}
