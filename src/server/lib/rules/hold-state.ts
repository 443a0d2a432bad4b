import { eq, type SQL, sql } from "drizzle-orm";
import { HIDDEN_PENDING_REVIEW, REMOVED_BY_MODERATORS, type ReportTarget } from "#shared/constants.ts";
import type { Db } from "../../db/client.ts";
import { moderationCases, users } from "../../db/schema.ts";

/**
 * "This is the open case about the item": the one place that says it, as a condition on moderation_cases,
 * for lists (with a column as `id`) and single items (with a value). An appeal is such a case unless
 * `appeals` is false.
 */
export function openCaseOf(type: ReportTarget, id: SQL | string, { appeals = true } = {}): SQL {
  return sql`${moderationCases.targetType} = ${type} and ${moderationCases.targetId} = ${id} and ${moderationCases.state} = 'open'${appeals ? sql`` : sql` and ${moderationCases.appealOf} is null`}`;
}

/** "A case about this item is open" (see openCaseOf). */
export function openCaseAbout(type: ReportTarget, id: SQL | string, options?: { appeals?: boolean }): SQL {
  return sql`exists (select 1 from ${moderationCases} where ${openCaseOf(type, id, options)})`;
}

/** Whether a case about the item is open (see openCaseAbout). */
export async function hasOpenCase(
  db: Pick<Db, "select">,
  type: ReportTarget,
  id: string,
  options?: { appeals?: boolean },
): Promise<boolean> {
  const [row] = await db
    .select({ open: openCaseAbout(type, id, options).mapWith(Boolean) })
    .from(sql`(select 1) as one`);
  return row?.open ?? false;
}

/**
 * What others are told of an item they may not see because of a hold: "Hidden pending review" while a case
 * about it is open (or, when only its author's account is held, while that hold waits for a moderator),
 * "Removed by the moderators" once a moderator decided (a hide or warn that keeps it hidden, a suspension).
 */
export async function holdMessage(
  db: Db,
  target: { type: ReportTarget; id: string; authorId: string },
  { itemHeld }: { itemHeld: boolean },
): Promise<string> {
  if (itemHeld)
    return (await hasOpenCase(db, target.type, target.id)) ? HIDDEN_PENDING_REVIEW : REMOVED_BY_MODERATORS;
  const [author] = await db
    .select({ suspended: sql<boolean>`${users.suspendedUntil} is not null` })
    .from(users)
    .where(eq(users.id, target.authorId));
  return author?.suspended ? REMOVED_BY_MODERATORS : HIDDEN_PENDING_REVIEW;
}
