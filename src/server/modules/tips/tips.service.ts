import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  CONFIRM_EMAIL_FOR_PUBLIC_TIPS,
  LIMITS,
  REVIEW_ALREADY_ASKED,
  SEARCH_COUNT_CAP,
  UNVERIFIED_PUBLIC_TIPS,
} from "#shared/constants.ts";
import type { User } from "#shared/schemas/auth.ts";
import { hasControlCharacters } from "#shared/schemas/common.ts";
import {
  type LikeState,
  TIP_SORTS,
  type TipInputParsed,
  type TipListQuerySchema,
  type TipSort,
  type TipUpdateParsed,
} from "#shared/schemas/tip.ts";
import type { Db } from "../../db/client.ts";
import { photoOf, type StoredPhoto } from "../../db/photo-columns.ts";
import { rowsOf } from "../../db/rows.ts";
import { tipCounts, tipLikes, tips, tipTitleKey, users } from "../../db/schema.ts";
import { badQueryParameter, HttpError } from "../../lib/requests/errors.ts";
import { IdSchema, isId } from "../../lib/requests/ids.ts";
import { holdMessage } from "../../lib/rules/hold-state.ts";
import { isTipListed, mayViewTip, tipListed, tipPublic, tipSeenBy } from "../../lib/rules/visibility.ts";
import { batchedPer } from "../../lib/write-batch.ts";

/** When the account was made: a young account may share fewer tips (RATE_LIMITS.shareTip). */
export async function accountCreatedAt(db: Db, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.createdAt;
}

/**
 * A tip as stored, with the record of the uploaded photo it shows; tip-dto.ts makes the API's shape of it.
 * Every read of a tip that is answered selects `tipColumns`.
 */
export const tipColumns = { ...getTableColumns(tips), photo: photoOf(tips.photoHash) };
export type TipRow = typeof tips.$inferSelect & { photo: StoredPhoto | null };

/** A tip's input as it is stored: the image a client sent, as `imageToStore` (uploads) resolved it. */
export type StoredTipInput<Input extends { images: string | null }> = Omit<Input, "images"> & {
  images: string | null;
  photoHash: string | null;
};
type ListQuery = z.output<typeof TipListQuerySchema>;

/** Keyset cursors: the sort keys of the last row seen, so deep pages cost no more than the first. */
const CursorSchema = z.object({
  s: z.enum(TIP_SORTS),
  /** created_at with microseconds, as PostgreSQL prints it (newest, oldest, likes). */
  c: z
    .string()
    .regex(/^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/)
    .refine((value) => {
      const date = new Date(value);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === value.slice(0, 19);
    })
    .optional(),
  /** totalLiked (likes). */
  l: z.number().int().min(0).max(2_147_483_647).optional(),
  /** lower(title) (title). */
  t: z
    .string()
    .max(LIMITS.title.max * 4)
    .refine((value) => !hasControlCharacters(value))
    .optional(),
  i: IdSchema,
});
type Cursor = z.infer<typeof CursorSchema>;

const cursorTimestamp = sql<string>`to_char(${tips.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/** The sort keys each order needs in its cursor. */
const CURSOR_KEYS: Record<TipSort, Array<"c" | "l" | "t">> = {
  newest: ["c"],
  oldest: ["c"],
  likes: ["l", "c"],
  title: ["t"],
};

function decodeCursor(value: string, sort: TipSort): Cursor {
  const malformed = badQueryParameter("cursor", "cursor is malformed; pass back an X-Next-Cursor value");
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    throw malformed;
  }
  const parsed = CursorSchema.safeParse(json);
  if (!parsed.success) throw malformed;
  const cursor = parsed.data;
  if (cursor.s !== sort) throw badQueryParameter("cursor", "the cursor belongs to another sort order");
  if (CURSOR_KEYS[sort].some((key) => cursor[key] === undefined)) throw malformed;
  return cursor;
}

const ORDER: Record<TipSort, SQL[]> = {
  newest: [desc(tips.createdAt), desc(tips.id)],
  oldest: [asc(tips.createdAt), asc(tips.id)],
  likes: [desc(tips.totalLiked), desc(tips.createdAt), desc(tips.id)],
  title: [asc(tipTitleKey), asc(tips.id)],
};

function afterCursor(cursor: Cursor): SQL {
  switch (cursor.s) {
    case "newest":
      return sql`(${tips.createdAt}, ${tips.id}) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)`;
    case "oldest":
      return sql`(${tips.createdAt}, ${tips.id}) > (${cursor.c}::timestamptz, ${cursor.i}::uuid)`;
    case "likes":
      return sql`(${tips.totalLiked}, ${tips.createdAt}, ${tips.id}) < (${cursor.l}, ${cursor.c}::timestamptz, ${cursor.i}::uuid)`;
    case "title":
      return sql`(${tipTitleKey}, ${tips.id}) > (${cursor.t}, ${cursor.i}::uuid)`;
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Whose tips a list holds: `ownerId` (the signed-in caller, checked by the route) lists that account's tips
 * of every availability; `authorId` lists one account's public tips (their gardener page); neither, every
 * public tip.
 */
interface ListOptions {
  ownerId?: string;
  authorId?: string;
}

/** The two statements behind one page: the rows (one more than asked, to know if a next page exists) and the total. */
export function listTipsQueries(db: Db, query: ListQuery, { ownerId, authorId }: ListOptions = {}) {
  const filters: SQL[] = [];
  if (ownerId) {
    filters.push(eq(tips.authorId, ownerId));
    if (query.availability) filters.push(eq(tips.availability, query.availability));
  } else {
    // A tip on hold (ADR 041) is in no public list; its author still lists it among their own.
    filters.push(tipPublic());
    if (authorId) filters.push(eq(tips.authorId, authorId));
  }
  if (query.difficulty) filters.push(eq(tips.difficulty, query.difficulty));
  if (query.category) filters.push(eq(tips.category, query.category));
  if (query.q) {
    const pattern = `%${escapeLike(query.q.toLowerCase())}%`;
    // As the specification has it, one's own tips are searched by title, category and plant type (the author
    // is always oneself); public lists also by author name, through the trigram index over all four.
    filters.push(
      ownerId
        ? sql`(lower(${tips.title}) like ${pattern} or lower(${tips.category}) like ${pattern} or lower(${tips.plantType}) like ${pattern})`
        : sql`${tips.searchText} like ${pattern}`,
    );
  }
  const where = and(...filters);

  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
  const pageWhere = cursor ? and(where, afterCursor(cursor)) : where;
  return {
    page: db
      .select({ tip: tipColumns, ts: cursorTimestamp, titleKey: sql<string>`${tipTitleKey}` })
      .from(tips)
      .where(pageWhere)
      .orderBy(...ORDER[query.sort])
      .limit(query.limit + 1)
      .offset(cursor ? 0 : query.offset),
    total:
      ownerId || authorId
        ? db.select({ total: count() }).from(tips).where(where)
        : query.q
          ? // Counting every match of a common word costs as much as reading them all: count up to the cap.
            db.select({ total: sql<number>`count(*)::int` }).from(
              db
                .select({ one: sql`1` })
                .from(tips)
                .where(where)
                .limit(SEARCH_COUNT_CAP + 1)
                .as("matches"),
            )
          : countPublicTips(db, query),
  };
}

/** The number of public tips with the given level and category, from the counts kept beside the tips. */
export function countPublicTips(
  db: Db,
  { difficulty, category }: Partial<Pick<ListQuery, "difficulty" | "category">> = {},
) {
  return db
    .select({ total: sql<number>`coalesce(sum(${tipCounts.total}), 0)::int` })
    .from(tipCounts)
    .where(
      and(
        eq(tipCounts.availability, "Public"),
        difficulty ? eq(tipCounts.difficulty, difficulty) : undefined,
        category ? eq(tipCounts.category, category) : undefined,
      ),
    );
}

/**
 * One page of tips. Without `ownerId` only public tips are listed (hidden and private ones are in no public
 * list); with it (the signed-in caller's account, checked by the route) that account's tips of every
 * availability, matched by account id, never by e-mail (ADR 012).
 */
export async function listTips(
  db: Db,
  query: ListQuery,
  options: ListOptions = {},
): Promise<{ rows: TipRow[]; total: number; totalExact: boolean; nextCursor: string | null }> {
  const queries = listTipsQueries(db, query, options);
  const [rows, [totals]] = await Promise.all([queries.page, queries.total]);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({
          s: query.sort,
          i: last.tip.id,
          ...(query.sort === "title" ? { t: last.titleKey } : { c: last.ts }),
          ...(query.sort === "likes" ? { l: last.tip.totalLiked } : {}),
        })
      : null;
  const counted = totals?.total ?? 0;
  const capped = !options.ownerId && !options.authorId && query.q !== undefined && counted > SEARCH_COUNT_CAP;
  return {
    rows: page.map((r) => r.tip),
    total: capped ? SEARCH_COUNT_CAP : counted,
    totalExact: !capped,
    nextCursor,
  };
}

/** A tip by id whoever may see it; null for an unknown or malformed id. */
async function findTip(db: Db, id: string): Promise<TipRow | null> {
  if (!isId(id)) return null;
  const [row] = await db.select(tipColumns).from(tips).where(eq(tips.id, id)).limit(1);
  return row ?? null;
}

/**
 * A tip as the account `viewerId` (null for a visitor) may see it: hidden and private tips exist only for
 * the account that shared them, matched by its id (ADR 012); to anyone else they do not exist (404).
 */
export async function findVisibleTip(db: Db, id: string, viewerId: string | null): Promise<TipRow | null> {
  const row = await findTip(db, id);
  if (!row) return null;
  if (!isTipListed(row) && row.authorId !== viewerId) return null;
  // On hold: everyone but its author is told so, in place of the tip (ADR 041).
  if (!mayViewTip(row, viewerId))
    throw new HttpError(
      404,
      await holdMessage(
        db,
        { type: "tip", id: row.id, authorId: row.authorId },
        { itemHeld: row.hold !== null },
      ),
    );
  return row;
}

/** A tip row as written: the input, its author, and an id made here so a batch's rows are told apart. */
type NewTip = typeof tips.$inferInsert & { id: string };

const newTip = (
  input: StoredTipInput<TipInputParsed>,
  author: Pick<User, "id" | "name" | "email">,
): NewTip => ({
  ...input,
  id: randomUUID(),
  authorId: author.id,
  name: author.name,
  email: author.email,
  totalLiked: 0,
});

/** Writes tips in one statement; answers the rows stored, in the order given. */
async function insertTips(db: Pick<Db, "insert">, rows: NewTip[]): Promise<TipRow[]> {
  const stored = new Map(
    (await db.insert(tips).values(rows).returning(tipColumns)).map((row) => [row.id, row]),
  );
  return rows.map((row) => {
    const found = stored.get(row.id);
    if (!found) throw new Error("Inserting the tip returned nothing");
    return found;
  });
}

/** Adds a tip to its database's batch of tips being shared (see WriteBatch). */
const shareInBatch = batchedPer(insertTips);

/**
 * The tip belongs to the signed-in account, whatever the body says (ADR 012); its name and e-mail are that
 * account's (the tips_copy_author trigger keeps them so); the server sets createdAt. Tips shared at the
 * same moment are written together, in one statement (ADR 036).
 */
export async function createTip(
  db: Db,
  input: StoredTipInput<TipInputParsed>,
  author: Pick<User, "id" | "name" | "email" | "emailVerified">,
): Promise<TipRow> {
  if (author.emailVerified || !isTipListed(input)) return shareInBatch(db, newTip(input, author));
  return db.transaction(async (tx) => {
    await checkUnverifiedPublicTips(tx, author.id);
    const [row] = await insertTips(tx, [newTip(input, author)]);
    if (!row) throw new Error("Inserting the tip returned nothing");
    return row;
  });
}

/**
 * An account whose e-mail is not confirmed may have UNVERIFIED_PUBLIC_TIPS public tips (its hidden and
 * private ones are not counted): one more is refused with 422, which says to confirm and that the tip may
 * be saved as Hidden. Run in the transaction that makes the tip public, which holds the account's lock
 * until it ends, so two at once cannot both be the last allowed.
 */
async function checkUnverifiedPublicTips(
  tx: Pick<Db, "execute" | "select">,
  authorId: string,
  except?: string,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`public-tips:${authorId}`}))`);
  const [row] = await tx
    .select({ count: count() })
    .from(tips)
    .where(and(eq(tips.authorId, authorId), tipListed(), except ? sql`${tips.id} <> ${except}` : undefined));
  if ((row?.count ?? 0) >= UNVERIFIED_PUBLIC_TIPS) throw new HttpError(422, CONFIRM_EMAIL_FOR_PUBLIC_TIPS);
}

/** One tip in its own statement, as a client writing straight to the database would (the benchmark's). */
export async function insertTip(
  db: Db,
  input: StoredTipInput<TipInputParsed>,
  author: Pick<User, "id" | "name" | "email">,
): Promise<TipRow> {
  const [row] = await insertTips(db, [newTip(input, author)]);
  if (!row) throw new Error("Inserting the tip returned nothing");
  return row;
}

/**
 * Finds a tip that `user` may change: 404 when no such tip exists, 403 when it is someone else's, hidden or
 * not: only the author may change a tip. Tip ids are random UUIDs, so the 403 for a hidden tip reveals
 * nothing a caller could not have guessed.
 */
async function findOwnTip(db: Db, id: string, user: Pick<User, "id">): Promise<TipRow> {
  const row = await findTip(db, id);
  if (!row) throw new HttpError(404, "Tip not found");
  if (row.authorId !== user.id) throw new HttpError(403, "Only the author can change this tip");
  return row;
}

/**
 * Replaces the editable fields. A body without `availability` keeps the tip's current one: defaulting to
 * Public (as a new tip does) would publish a hidden tip by omission. Answers the tip as it is now and the
 * image it had before (an uploaded photo it no longer shows may be deleted).
 */
export async function updateTip(
  db: Db,
  id: string,
  input: StoredTipInput<TipUpdateParsed>,
  user: Pick<User, "id" | "emailVerified">,
): Promise<{ row: TipRow; previousPhoto: string | null }> {
  const current = await findOwnTip(db, id, user);
  // A tip on hold may be changed once, which asks the moderators to show it again (ADR 041).
  if (current.hold && current.holdReviewAskedAt) throw new HttpError(403, REVIEW_ALREADY_ASKED);
  const publishes = isTipListed(input) && !isTipListed(current);
  if (!user.emailVerified && publishes)
    return db.transaction(async (tx) => {
      await checkUnverifiedPublicTips(tx, user.id, id);
      return { row: await writeTipUpdate(tx, current, input, user), previousPhoto: current.photoHash };
    });
  return { row: await writeTipUpdate(db, current, input, user), previousPhoto: current.photoHash };
}

async function writeTipUpdate(
  db: Pick<Db, "update">,
  current: TipRow,
  input: StoredTipInput<TipUpdateParsed>,
  user: Pick<User, "id">,
): Promise<TipRow> {
  const id = current.id;
  const [row] = await db
    .update(tips)
    .set({
      ...input,
      availability: input.availability ?? current.availability,
      updatedAt: new Date(),
      ...(current.hold ? { holdReviewAskedAt: new Date() } : {}),
    })
    .where(and(eq(tips.id, id), eq(tips.authorId, user.id)))
    .returning(tipColumns);
  if (!row) throw new HttpError(404, "Tip not found");
  return row;
}

/** Deletes the tip; answers the hash of the photo it showed (one nothing else shows may be deleted too). */
export async function deleteTip(db: Db, id: string, user: Pick<User, "id">): Promise<string | null> {
  const current = await findOwnTip(db, id, user);
  await db.delete(tips).where(and(eq(tips.id, id), eq(tips.authorId, user.id)));
  return current.photoHash;
}

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
    if (changes.length === 1 && isForeignKeyViolation(error)) return [null];
    throw error;
  }
}

/** Adds a like or unlike to its database's batch being written (see WriteBatch). */
const likeInBatch = batchedPer(writeLikes);

/**
 * Likes `tipId` for `userId`, or stops liking it: the like as it is now and the tip's count, or null when
 * the tip does not exist for that account. Likes given at the same moment are written together, in one
 * statement (ADR 036).
 */
export async function setLike(
  db: Db,
  tipId: string,
  userId: string,
  liked: boolean,
): Promise<LikeState | null> {
  if (!isId(tipId)) return null;
  return likeInBatch(db, { tipId, userId, liked });
}

/** One like or unlike in its own statement, as a client writing straight to the database would. */
export async function setLikeAlone(
  db: Db,
  tipId: string,
  userId: string,
  liked: boolean,
): Promise<LikeState | null> {
  if (!isId(tipId)) return null;
  const [state] = await writeLikes(db, [{ tipId, userId, liked }]);
  return state ?? null;
}

/** PostgreSQL's foreign_key_violation, through either driver. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause)
    if ((cause as { code?: string }).code === "23503") return true;
  return false;
}

export async function isLikedBy(db: Db, tipId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ tipId: tipLikes.tipId })
    .from(tipLikes)
    .where(and(eq(tipLikes.tipId, tipId), eq(tipLikes.userId, userId)))
    .limit(1);
  return Boolean(row);
}
