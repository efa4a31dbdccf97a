import { Migration } from '@mikro-orm/migrations';

/**
 * Insights (docs/decisions/0044): the admins' weekly figures read ranges of these times, and the
 * active requests by base and position read the requests still on a board. Without these indexes
 * each of those reads scans its whole table, which grows for ever; with them a read touches the
 * twelve weeks it counts (or the active requests) only.
 */
export class Migration20261128210000 extends Migration {
  override name = 'Migration20261128210000';

  override up(): void {
    this.addSql(`create index "requests_created_at_index" on "requests" ("created_at");`);
    // Active requests are a small part of all: completed and past ones pile up. Index-only reads of
    // the group key for the requests whose last date is not past.
    this.addSql(`create index "requests_active_last_date_index" on "requests" ("last_date", "group_key") where "status" = 'active';`);
    this.addSql(`create index "matches_created_at_index" on "matches" ("created_at");`);
    this.addSql(`create index "trades_approved_at_index" on "trades" ("approved_at");`);
    this.addSql(`create index "support_requests_created_at_index" on "support_requests" ("created_at");`);
    this.addSql(`create index "support_requests_resolved_at_index" on "support_requests" ("resolved_at") where "resolved_at" is not null;`);
  }

  override down(): void {
    for (const name of [
      'requests_created_at_index',
      'requests_active_last_date_index',
      'matches_created_at_index',
      'trades_approved_at_index',
      'support_requests_created_at_index',
      'support_requests_resolved_at_index',
    ]) {
      this.addSql(`drop index "${name}";`);
    }
  }
}
