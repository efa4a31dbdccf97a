import { Migration } from '@mikro-orm/migrations';

/**
 * System closes (docs/decisions/0042): an offer or a match ended because a request was filled,
 * deleted or changed gets status closed and says why; neither is a decline. Offers the system
 * declined before carry their reason in the activity log's metadata only: they stay declined.
 */
export class Migration20261128194000 extends Migration {
  override name = 'Migration20261128194000';

  override up(): void {
    this.addSql(`alter table "trade_requests" add column "closed_reason" varchar(30) null;`);
    this.addSql(`alter table "matches" add column "closed_reason" varchar(30) null, add column "closed_by_request_id" int null;`);
    // Matches left open on a request that was filled before this: closed as the code now closes them.
    this.addSql(
      `update "matches" m set "status" = 'closed', "closed_reason" = 'request_filled', "closed_by_request_id" = case when a."status" = 'completed' then m."request_id" else m."matched_request_id" end from "requests" a, "requests" b where a."id" = m."request_id" and b."id" = m."matched_request_id" and m."status" in ('pending', 'active', 'trade_requested') and (a."status" = 'completed' or b."status" = 'completed');`,
    );
  }

  override down(): void {
    this.addSql(`alter table "trade_requests" drop column "closed_reason";`);
    this.addSql(`alter table "matches" drop column "closed_reason", drop column "closed_by_request_id";`);
  }
}
