import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { LIMITS, SEARCH_COUNT_CAP } from "#shared/constants.ts";
import { hasControlCharacters } from "#shared/schemas/common.ts";
import { TIP_SORTS, type TipListQuerySchema, type TipSort } from "#shared/schemas/tip.ts";
import type { Db } from "../../db/client.ts";
import { follows, gardenerFigures, tipCounts, tips, tipTitleKey } from "../../db/schema.ts";
import { badQueryParameter } from "../../lib/requests/errors.ts";
import { IdSchema } from "../../lib/requests/ids.ts";
import { tipPublic } from "../../lib/rules/visibility.ts";
import { type TipRow, tipColumns } from "./tip-row.ts";

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
  /** Only the public tips of the accounts this account follows. */
  followerId?: string;
  /** The crops whose names the search text matches: their tips match it too. */
  cropsNamed?: readonly string[];
}

/** The two statements behind one page: the rows (one more than asked, to know if a next page exists) and the total. */
export function listTipsQueries(
  db: Db,
  query: ListQuery,
  { ownerId, authorId, followerId, cropsNamed = [] }: ListOptions = {},
) {
  const filters: SQL[] = [];
  if (ownerId) {
    filters.push(eq(tips.authorId, ownerId));
    if (query.availability) filters.push(eq(tips.availability, query.availability));
  } else {
    // A tip on hold (ADR 041) is in no public list; its author still lists it among their own.
    filters.push(tipPublic());
    if (authorId) filters.push(eq(tips.authorId, authorId));
    if (followerId)
      filters.push(
        inArray(
          tips.authorId,
          db.select({ id: follows.followedId }).from(follows).where(eq(follows.followerId, followerId)),
        ),
      );
  }
  if (query.difficulty) filters.push(eq(tips.difficulty, query.difficulty));
  if (query.category) filters.push(eq(tips.category, query.category));
  if (query.crop) filters.push(sql`${tips.crops} @> array[${query.crop}]::text[]`);
  if (query.q) {
    const pattern = `%${escapeLike(query.q.toLowerCase())}%`;
    // As the specification has it, one's own tips are searched by title, category and plant type (the author
    // is always oneself); public lists also by author name, through the trigram index over all four.
    const text = ownerId
      ? sql`lower(${tips.title}) like ${pattern} or lower(${tips.category}) like ${pattern} or lower(${tips.plantType}) like ${pattern}`
      : sql`${tips.searchText} like ${pattern}`;
    const named = cropsNamed.length
      ? sql` or ${tips.crops} && array[${sql.join(
          cropsNamed.map((slug) => sql`${slug}`),
          sql`, `,
        )}]::text[]`
      : sql``;
    filters.push(sql`(${text}${named})`);
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
    total: totalQuery(db, query, where, { ownerId, authorId, followerId }),
  };
}

/** The statement counting a list's tips, from what is kept wherever the list's filters allow. */
function totalQuery(
  db: Db,
  query: ListQuery,
  where: SQL | undefined,
  { ownerId, authorId, followerId }: ListOptions,
) {
  const filtered = query.difficulty || query.category || query.q || query.crop;
  // A gardener's public tips, as kept with the tips (ADR 069).
  if (authorId && !filtered)
    return db
      .select({ total: sql<number>`coalesce(max(${gardenerFigures.publicTips}), 0)::int` })
      .from(gardenerFigures)
      .where(eq(gardenerFigures.userId, authorId));
  if (ownerId || authorId) return db.select({ total: count() }).from(tips).where(where);
  // Counting every match of a common word costs as much as reading them all: count up to the cap. So
  // does counting every tip of a thousand gardeners followed.
  if (query.q || query.crop || followerId)
    return db.select({ total: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1` })
        .from(tips)
        .where(where)
        .limit(SEARCH_COUNT_CAP + 1)
        .as("matches"),
    );
  return countPublicTips(db, query);
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
  const capped =
    !options.ownerId &&
    !options.authorId &&
    (query.q !== undefined || query.crop !== undefined || options.followerId !== undefined) &&
    counted > SEARCH_COUNT_CAP;
  return {
    rows: page.map((r) => r.tip),
    total: capped ? SEARCH_COUNT_CAP : counted,
    totalExact: !capped,
    nextCursor,
  };
}
