import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { asHandle } from "#shared/handles.ts";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { blocks, followFigures, follows, users } from "../../db/schema.ts";
import { isPageShown } from "../../lib/rules/visibility.ts";

/** Whether the caller follows a gardener, and how many follow them: what a follow button shows. */
export interface FollowState {
  following: boolean;
  followers: number;
}

/** The account a follow names, as the follow needs it; null when no account has the handle. */
export interface FollowTarget {
  id: string;
  /** Their gardener page is shown (not on hold): only such a page can be followed. */
  shown: boolean;
  /** Either of the two blocked the other: no follow between them. */
  blocked: boolean;
}

/** The account with this handle (any case), seen from `viewerId`'s side, in one read. */
export async function findFollowTarget(
  db: Db,
  given: string,
  viewerId: string,
): Promise<FollowTarget | null> {
  const handle = asHandle(given);
  if (!handle) return null;
  const [row] = await db
    .select({
      id: users.id,
      held: users.held,
      pageHold: users.pageHold,
      blocked: sql<boolean>`exists (select 1 from ${blocks} where ${or(
        and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, users.id)),
        and(eq(blocks.blockerId, users.id), eq(blocks.blockedId, viewerId)),
      )})`,
    })
    .from(users)
    // An account leaving or deleted (ADR 089) has no page: nobody to follow.
    .where(and(eq(users.handle, handle), isNull(users.departure)))
    .limit(1);
  if (!row) return null;
  return { id: row.id, shown: isPageShown(row), blocked: row.blocked };
}

const StateRow = z.object({ following: z.boolean(), followers: z.coerce.number().int() });

const followersOf = (followedId: string) =>
  sql`coalesce((select ${followFigures.followers} from ${followFigures} where ${followFigures.userId} = ${followedId}), 0)`;

/**
 * `followerId`'s follows of the accounts with these handles (each already in lower case), with their
 * numbers of followers, in one read: what a page of gardeners' cards shows. Handles nobody has are left out.
 */
export async function followStatesOf(
  db: Db,
  followerId: string,
  handles: string[],
): Promise<Array<FollowState & { handle: string }>> {
  if (handles.length === 0) return [];
  return (
    db
      .select({
        handle: users.handle,
        following: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${followerId} and ${follows.followedId} = ${users.id})`,
        followers: sql<number>`coalesce(${followFigures.followers}, 0)`.mapWith(Number),
      })
      .from(users)
      .leftJoin(followFigures, eq(followFigures.userId, users.id))
      // A page on hold is no page to follow: it is not answered, as its own question is answered 404.
      .where(
        and(
          inArray(users.handle, handles),
          isNull(users.pageHold),
          eq(users.held, false),
          isNull(users.departure),
        ),
      )
  );
}

/** `followerId`'s follow of `followedId` as it is now, and the number of `followedId`'s followers. */
export async function followState(db: Db, followerId: string, followedId: string): Promise<FollowState> {
  const [row] = await rowsOf(
    db,
    StateRow,
    sql`select
      exists (select 1 from ${follows} where ${follows.followerId} = ${followerId} and ${follows.followedId} = ${followedId}) as following,
      ${followersOf(followedId)} as followers`,
  );
  return row ?? { following: false, followers: 0 };
}

/**
 * Follows, answering the follow as it is now, in one statement; following again changes nothing. The
 * insert's trigger looks for a block between the two under the pair's lock, which a block takes too (ADR
 * 077): a block made after the route's check still keeps the two apart, and the answer then says they do
 * not follow. The count is read as the statement began, plus the follow it added (the trigger's update of
 * it is not visible to the statement that caused it).
 */
export async function follow(db: Db, followerId: string, followedId: string): Promise<FollowState> {
  const [row] = await rowsOf(
    db,
    StateRow,
    sql`with added as (
      insert into ${follows} (follower_id, followed_id) values (${followerId}, ${followedId})
      on conflict do nothing
      returning 1
    )
    select
      exists (select 1 from added)
        or exists (select 1 from ${follows} where ${follows.followerId} = ${followerId} and ${follows.followedId} = ${followedId}) as following,
      ${followersOf(followedId)} + (select count(*) from added) as followers`,
  );
  return row ?? { following: false, followers: 0 };
}

/** Stops following, answering as `follow` does; unfollowing someone not followed changes nothing. */
export async function unfollow(db: Db, followerId: string, followedId: string): Promise<FollowState> {
  const [row] = await rowsOf(
    db,
    StateRow,
    sql`with removed as (
      delete from ${follows}
      where ${follows.followerId} = ${followerId} and ${follows.followedId} = ${followedId}
      returning 1
    )
    select false as following, greatest(${followersOf(followedId)} - (select count(*) from removed), 0) as followers`,
  );
  return row ?? { following: false, followers: 0 };
}
