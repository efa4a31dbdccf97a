import { Migration } from '@mikro-orm/migrations';

/**
 * Matching narrows by group, type, status and date through requests_match_index alone. The GIN
 * indexes on the date arrays were chosen by the planner for a BitmapAnd whose GIN half scans every
 * group's requests on a date, so its cost grew with the whole table (5 ms at 100k, 9 ms at 1M
 * rows); without them the cost follows the size of one group's current requests and log n.
 */
export class Migration20261123020000 extends Migration {
  override name = 'Migration20261123020000';

  override up(): void {
    this.addSql('drop index if exists "requests_all_dates_gin";');
    this.addSql('drop index if exists "requests_desired_dates_gin";');
  }

  override down(): void {
    this.addSql('create index "requests_all_dates_gin" on "requests" using gin ("all_dates");');
    this.addSql('create index "requests_desired_dates_gin" on "requests" using gin ("desired_dates");');
  }
}
