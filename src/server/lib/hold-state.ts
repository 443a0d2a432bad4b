import { and, eq, sql } from "drizzle-orm";
import { HIDDEN_PENDING_REVIEW, REMOVED_BY_MODERATORS, type ReportTarget } from "#shared/constants.ts";
import type { Db } from "../db/client.ts";
import { moderationCases, users } from "../db/schema.ts";

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
  if (itemHeld) {
    const [open] = await db
      .select({ id: moderationCases.id })
      .from(moderationCases)
      .where(
        and(
          eq(moderationCases.targetType, target.type),
          eq(moderationCases.targetId, target.id),
          eq(moderationCases.state, "open"),
        ),
      )
      .limit(1);
    return open ? HIDDEN_PENDING_REVIEW : REMOVED_BY_MODERATORS;
  }
  const [author] = await db
    .select({ suspended: sql<boolean>`${users.suspendedUntil} is not null` })
    .from(users)
    .where(eq(users.id, target.authorId));
  return author?.suspended ? REMOVED_BY_MODERATORS : HIDDEN_PENDING_REVIEW;
}
