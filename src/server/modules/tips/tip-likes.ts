import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { LikeState } from "#shared/schemas/tip.ts";
import type { Db } from "../../db/client.ts";
import { violatedForeignKey } from "../../db/errors.ts";
import { rowsOf } from "../../db/rows.ts";
import { tipLikes, tips } from "../../db/schema.ts";
import { isId } from "../../lib/requests/ids.ts";
import { tipSeenBy } from "../../lib/rules/visibility.ts";
import { batchedPer } from "../../lib/write-batch.ts";

/** One member's like or unlike of one tip, as asked. */
interface LikeChange {
  tipId: string;
  userId: string;
  liked: boolean;
}

/** Whether a like's tip was there for the member, and its count after the change. */
const LikeRow = z.object({ found: z.boolean(), total: z.coerce.number().int() });

/**
 * Likes and unlikes in one statement: answers each one's like as it is now and its tip's count, or null
 * when the tip does not exist for that account (hidden and private tips exist only for their author).
 * Likes are rows (one per account and tip, enforced by the primary key); a tip's count moves by the rows
 * really added or removed, in the same statement, so concurrent likes count exactly. The statement holds
 * each tip's row only for its own update, not across round trips; a like already as asked (a second tap,
 * a retry) changes nothing. The changes must be of different (tip, account) pairs.
 */
async function applyLikes(db: Db, changes: LikeChange[]): Promise<Array<LikeState | null>> {
  const input = JSON.stringify(changes.map((change, n) => ({ n, ...change })));
  const rows = await rowsOf(
    db,
    LikeRow.extend({ n: z.coerce.number().int() }),
    sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as i(n int, "tipId" uuid, "userId" text, liked boolean)
    ),
    target as (
      select input.* from input join ${tips} on ${tips.id} = input."tipId"
      where ${tipSeenBy(sql`input."userId"`)}
    ),
    added as (
      insert into ${tipLikes} (tip_id, user_id) select "tipId", "userId" from target where liked
      on conflict do nothing returning tip_id
    ),
    removed as (
      delete from ${tipLikes} using target
      where not target.liked and ${tipLikes.tipId} = target."tipId" and ${tipLikes.userId} = target."userId"
      returning ${tipLikes.tipId} as tip_id
    ),
    delta as (
      select tip_id, sum(step)::int as step
      from (select tip_id, 1 as step from added union all select tip_id, -1 from removed) as steps
      group by tip_id
    ),
    counted as (
      update ${tips} set total_liked = greatest(${tips.totalLiked} + delta.step, 0)
      from delta where ${tips.id} = delta.tip_id
      returning ${tips.id} as id, ${tips.totalLiked} as total
    )
    select input.n, target.n is not null as found, coalesce(counted.total, ${tips.totalLiked}, 0) as total
    from input
    left join target on target.n = input.n
    left join counted on counted.id = input."tipId"
    left join ${tips} on ${tips.id} = input."tipId"
    order by input.n`,
  );
  return changes.map((change, n) => {
    const row = rows.find((candidate) => candidate.n === n);
    return row?.found ? { liked: change.liked, totalLiked: row.total } : null;
  });
}

/** `applyLikes` for one change, in the simplest statement that does it (no list to unpack). */
async function applyLike(db: Db, { tipId, userId, liked }: LikeChange): Promise<LikeState | null> {
  const target = sql`select ${tips.id} as id from ${tips}
    where ${tips.id} = ${tipId} and ${tipSeenBy(userId)}`;
  const change = liked
    ? sql`insert into ${tipLikes} (tip_id, user_id) select id, ${userId} from target
        on conflict do nothing returning tip_id`
    : sql`delete from ${tipLikes} where tip_id in (select id from target) and user_id = ${userId}
        returning tip_id`;
  const [row] = await rowsOf(
    db,
    LikeRow,
    sql`
    with target as (${target}),
    changed as (${change}),
    counted as (
      update ${tips} set total_liked = greatest(${tips.totalLiked} + ${liked ? 1 : -1}, 0)
      where ${tips.id} in (select tip_id from changed)
      returning ${tips.totalLiked} as total
    )
    select
      exists (select 1 from target) as found,
      coalesce((select total from counted), (select ${tips.totalLiked} from ${tips} where ${tips.id} = ${tipId}), 0) as total`,
  );
  return row?.found ? { liked, totalLiked: row.total } : null;
}

/**
 * `applyLikes` for a batch (see WriteBatch). The same member's changes of one tip cannot share a
 * statement (their order would be lost), so they go in rounds, one statement each, in order: the k-th
 * change of every (tip, member) pair in round k. A change the same as the one before it for its pair (a
 * second tap, a retry, one member's 50 connections) changes nothing after it, and is answered with it. A
 * like racing the tip's deletion fails the likes' reference to the tip: alone, it is answered null (the
 * tip is gone); in a batch, the batch is written again a change at a time.
 */
async function writeLikes(db: Db, changes: LikeChange[]): Promise<Array<LikeState | null>> {
  const rounds: LikeChange[][] = [];
  const lastOfPair = new Map<string, { liked: boolean; round: number; index: number }>();
  const places = changes.map((change) => {
    const pair = `${change.tipId} ${change.userId}`;
    const last = lastOfPair.get(pair);
    if (last?.liked === change.liked) return last;
    const round = last ? last.round + 1 : 0;
    const changesOfRound = rounds[round] ?? [];
    rounds[round] = changesOfRound;
    const place = { liked: change.liked, round, index: changesOfRound.push(change) - 1 };
    lastOfPair.set(pair, place);
    return place;
  });
  const answers: Array<Array<LikeState | null>> = [];
  for (const round of rounds) answers.push(await writeDistinctLikes(db, round));
  return places.map(({ round, index }) => {
    const state = answers[round]?.[index] ?? null;
    return state && { ...state };
  });
}

/** `applyLikes` for changes of different (tip, member) pairs. */
async function writeDistinctLikes(db: Db, changes: LikeChange[]): Promise<Array<LikeState | null>> {
  try {
    const [only] = changes;
    return changes.length === 1 && only ? [await applyLike(db, only)] : await applyLikes(db, changes);
  } catch (error) {
    if (changes.length === 1 && violatedForeignKey(error) !== null) return [null];
    throw error;
  }
}

/** Adds a like or unlike to its database's batch being written (see WriteBatch). */
const likeInBatch = batchedPer(writeLikes);

/**
 * Likes `tipId` for `userId`, or stops liking it: the like as it is now and the tip's count, or null when
 * the tip does not exist for that account. Likes given at the same moment are written together, in one
 * statement (ADR 036); `alone` writes this one in a statement of its own, as a client writing straight
 * to the database would (the benchmark's comparison).
 */
export async function setLike(
  db: Db,
  tipId: string,
  userId: string,
  liked: boolean,
  { alone = false }: { alone?: boolean } = {},
): Promise<LikeState | null> {
  if (!isId(tipId)) return null;
  const change = { tipId, userId, liked };
  if (!alone) return likeInBatch(db, change);
  const [state] = await writeLikes(db, [change]);
  return state ?? null;
}

export async function isLikedBy(db: Db, tipId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ tipId: tipLikes.tipId })
    .from(tipLikes)
    .where(and(eq(tipLikes.tipId, tipId), eq(tipLikes.userId, userId)))
    .limit(1);
  return Boolean(row);
}
