import { sql } from "drizzle-orm";
import { z } from "zod";
import { REPORT_REASONS, type ReportReason } from "#shared/constants.ts";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { moderationCases, reports } from "../../db/schema.ts";

/** How many months the public page goes back, the current one included. */
export const REMOVAL_MONTHS = 12;

/**
 * Removals by month (UTC) and reason, the newest month first: decisions that hid or removed an item (hide,
 * delete, warn, suspend, keep_hold) and were neither reversed on appeal nor undone, each counted under its reports' heaviest reason
 * (ties to the first in REPORT_REASONS' order, the enum's own). No names, no items.
 */
export async function countRemovals(
  db: Db,
): Promise<Array<{ month: string; reason: ReportReason; count: number }>> {
  return rowsOf(
    db,
    z.object({ month: z.string(), reason: z.enum(REPORT_REASONS), count: z.number().int() }),
    sql`
    with removals as (
      select to_char(c.decided_at at time zone 'UTC', 'YYYY-MM') as month,
        (select r.reason from ${reports} r where r.case_id = c.id group by r.reason
          order by sum(r.weight) desc, array_position(enum_range(null::report_reason), r.reason) limit 1) as reason
      from ${moderationCases} c
      where c.state = 'closed' and c.appeal_of is null and c.undone_at is null
        and c.decision in ('hide', 'delete', 'warn', 'suspend', 'keep_hold')
        and c.decided_at >= (date_trunc('month', now() at time zone 'UTC') - make_interval(months => ${REMOVAL_MONTHS - 1})) at time zone 'UTC'
        and not exists (select 1 from ${moderationCases} a where a.appeal_of = c.id and a.decision = 'dismiss')
    )
    select month, coalesce(reason, 'other') as reason, count(*)::int as count from removals
    group by month, coalesce(reason, 'other')
    order by month desc, array_position(enum_range(null::report_reason), coalesce(reason, 'other'))`,
  );
}
