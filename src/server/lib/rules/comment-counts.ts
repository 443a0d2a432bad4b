import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { blocks, comments } from "../../db/schema.ts";
import { commentShown } from "./visibility.ts";

/**
 * How many of a tip's comments `readerId` can read (ADR 053): the tip's stored count holds the comments
 * anyone may read; a signed-in reader also reads their own comments on hold, and does not read the
 * comments of members they blocked. A placeholder ("Hidden pending review", "[deleted]") is not counted.
 */
export async function readableCommentCount(
  db: Db,
  tip: { id: string; totalComments: number },
  readerId: string | null,
): Promise<number> {
  if (!readerId) return tip.totalComments;
  const onHold = sql`(not ${commentShown})`;
  const [row] = await db
    .select({
      own: sql<number>`count(*) filter (where ${comments.authorId} = ${readerId} and ${onHold})`.mapWith(
        Number,
      ),
      blocked:
        sql<number>`count(*) filter (where ${comments.authorId} <> ${readerId} and not ${onHold})`.mapWith(
          Number,
        ),
    })
    .from(comments)
    .where(
      and(
        eq(comments.tipId, tip.id),
        eq(comments.state, "visible"),
        sql`(${comments.authorId} = ${readerId} or ${comments.authorId} in (select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${readerId}))`,
      ),
    );
  return Math.max(0, tip.totalComments + (row?.own ?? 0) - (row?.blocked ?? 0));
}
