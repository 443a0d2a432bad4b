import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { DEFAULT_TIP_IMAGE } from "#shared/constants.ts";
import type { LikeState, Tip, TipInputParsed, TipListQuerySchema, TipSort } from "#shared/schemas/tip.ts";
import type { Db } from "../../db/client.ts";
import { tipLikes, tipSearchText, tips } from "../../db/schema.ts";
import { HttpError } from "../../lib/errors.ts";
import { absoluteUrl } from "../../lib/urls.ts";

type TipRow = typeof tips.$inferSelect;
type ListQuery = z.output<typeof TipListQuerySchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isTipId = (id: string) => UUID.test(id);

export function toTip(row: TipRow, origin: string): Tip {
  return {
    _id: row.id,
    title: row.title,
    plantType: row.plantType,
    difficulty: row.difficulty,
    description: row.description,
    images: absoluteUrl(row.images || DEFAULT_TIP_IMAGE, origin),
    category: row.category,
    availability: row.availability,
    name: row.name,
    email: row.email,
    totalLiked: row.totalLiked,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Keyset cursors: the sort keys of the last row seen, so deep pages cost no more than the first. */
interface Cursor {
  s: TipSort;
  /** created_at with microseconds, as PostgreSQL prints it. */
  c?: string;
  l?: number;
  t?: string;
  i: string;
}

const cursorTimestamp = sql<string>`to_char(${tips.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(value: string, sort: TipSort): Cursor {
  const malformed = () => new HttpError(400, 'Invalid query parameter "cursor": cursor is malformed');
  let cursor: Cursor;
  try {
    cursor = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Cursor;
  } catch {
    throw malformed();
  }
  if (!cursor || typeof cursor !== "object" || typeof cursor.i !== "string" || !isTipId(cursor.i))
    throw malformed();
  if (cursor.s !== sort) {
    throw new HttpError(400, 'Invalid query parameter "cursor": it belongs to another sort order');
  }
  const validTime = (v: unknown) => typeof v === "string" && !Number.isNaN(Date.parse(v));
  if ((sort === "newest" || sort === "oldest" || sort === "likes") && !validTime(cursor.c)) throw malformed();
  if (sort === "likes" && !Number.isInteger(cursor.l)) throw malformed();
  if (sort === "title" && typeof cursor.t !== "string") throw malformed();
  return cursor;
}

const ORDER: Record<TipSort, SQL[]> = {
  newest: [desc(tips.createdAt), desc(tips.id)],
  oldest: [asc(tips.createdAt), asc(tips.id)],
  likes: [desc(tips.totalLiked), desc(tips.createdAt), desc(tips.id)],
  title: [asc(tips.title), asc(tips.id)],
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
      return sql`(${tips.title}, ${tips.id}) > (${cursor.t}, ${cursor.i}::uuid)`;
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * One page of tips. Without `ownEmail` only public tips are listed (ruling 6); with it (the caller's own
 * e-mail, checked by the route) the author's tips of every availability.
 */
export async function listTips(
  db: Db,
  query: ListQuery,
  { ownEmail }: { ownEmail?: string } = {},
): Promise<{ rows: TipRow[]; total: number; nextCursor: string | null }> {
  const filters: SQL[] = [];
  if (ownEmail) {
    filters.push(eq(tips.email, ownEmail));
    if (query.availability) filters.push(eq(tips.availability, query.availability));
  } else {
    filters.push(eq(tips.availability, "Public"));
  }
  if (query.difficulty) filters.push(eq(tips.difficulty, query.difficulty));
  if (query.category) filters.push(eq(tips.category, query.category));
  if (query.q) filters.push(sql`${tipSearchText} like ${`%${escapeLike(query.q.toLowerCase())}%`}`);
  const where = and(...filters);

  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
  const pageWhere = cursor ? and(where, afterCursor(cursor)) : where;

  const [rows, [totals]] = await Promise.all([
    db
      .select({ tip: tips, ts: cursorTimestamp })
      .from(tips)
      .where(pageWhere)
      .orderBy(...ORDER[query.sort])
      .limit(query.limit + 1)
      .offset(cursor ? 0 : query.offset),
    db.select({ total: count() }).from(tips).where(where),
  ]);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({
          s: query.sort,
          i: last.tip.id,
          ...(query.sort === "title" ? { t: last.tip.title } : { c: last.ts }),
          ...(query.sort === "likes" ? { l: last.tip.totalLiked } : {}),
        })
      : null;
  return { rows: page.map((r) => r.tip), total: totals?.total ?? 0, nextCursor };
}

/** A tip as `viewerEmail` may see it: hidden and private tips exist only for their author (ruling 6). */
export async function findVisibleTip(db: Db, id: string, viewerEmail: string | null): Promise<TipRow | null> {
  if (!isTipId(id)) return null;
  const [row] = await db.select().from(tips).where(eq(tips.id, id)).limit(1);
  if (!row) return null;
  if (row.availability !== "Public" && row.email !== viewerEmail) return null;
  return row;
}

export interface Author {
  id: string;
  name: string;
  email: string;
}

/** Ruling 5: the author's name and e-mail come from the session; the server sets createdAt. */
export async function createTip(db: Db, input: TipInputParsed, author: Author): Promise<TipRow> {
  const [row] = await db
    .insert(tips)
    .values({ ...input, name: author.name, email: author.email, totalLiked: 0 })
    .returning();
  if (!row) throw new Error("Inserting the tip returned nothing");
  return row;
}

/**
 * Finds a tip that `user` may change: 404 when it does not exist or is not visible to them, 403 when
 * they can see it but are not its author (ruling 4).
 */
export async function findOwnTip(db: Db, id: string, user: Author): Promise<TipRow> {
  const row = await findVisibleTip(db, id, user.email);
  if (!row) throw new HttpError(404, "Tip not found");
  if (row.email !== user.email) throw new HttpError(403, "Only the author can change this tip");
  return row;
}

export async function updateTip(db: Db, id: string, input: TipInputParsed, user: Author): Promise<TipRow> {
  await findOwnTip(db, id, user);
  const [row] = await db
    .update(tips)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(tips.id, id), eq(tips.email, user.email)))
    .returning();
  if (!row) throw new HttpError(404, "Tip not found");
  return row;
}

export async function deleteTip(db: Db, id: string, user: Author): Promise<void> {
  await findOwnTip(db, id, user);
  await db.delete(tips).where(and(eq(tips.id, id), eq(tips.email, user.email)));
}

/**
 * Likes are rows (one per user and tip, enforced by the primary key); the counter moves only when a row
 * was really added or removed, in the same transaction, so concurrent likes count exactly.
 */
export async function setLike(db: Db, tipId: string, userId: string, liked: boolean): Promise<LikeState> {
  return db.transaction(async (tx) => {
    let changed: boolean;
    if (liked) {
      const inserted = await tx.insert(tipLikes).values({ tipId, userId }).onConflictDoNothing().returning();
      changed = inserted.length > 0;
    } else {
      const deleted = await tx
        .delete(tipLikes)
        .where(and(eq(tipLikes.tipId, tipId), eq(tipLikes.userId, userId)))
        .returning();
      changed = deleted.length > 0;
    }
    const [row] = changed
      ? await tx
          .update(tips)
          .set({ totalLiked: sql`greatest(${tips.totalLiked} + ${liked ? 1 : -1}, 0)` })
          .where(eq(tips.id, tipId))
          .returning({ totalLiked: tips.totalLiked })
      : await tx.select({ totalLiked: tips.totalLiked }).from(tips).where(eq(tips.id, tipId));
    return { liked, totalLiked: row?.totalLiked ?? 0 };
  });
}

export async function isLikedBy(db: Db, tipId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ tipId: tipLikes.tipId })
    .from(tipLikes)
    .where(and(eq(tipLikes.tipId, tipId), eq(tipLikes.userId, userId)))
    .limit(1);
  return Boolean(row);
}
