import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { BOOKMARKS_MAX, type BookmarkState, GONE_BOOKMARK_DAYS } from "#shared/schemas/bookmark.ts";
import type { Season } from "#shared/seasons.ts";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { bookmarks, tips } from "../../db/schema.ts";
import { isId } from "../../lib/requests/ids.ts";
import { mayViewTip, tipSeenBy } from "../../lib/rules/visibility.ts";
import { type TipRow, tipColumns } from "../tips/index.ts";

const stateColumns = {
  note: bookmarks.note,
  remindAt: bookmarks.remindAt,
  remindSeason: bookmarks.remindSeason,
};

function stateOf(row: { note: string; remindAt: Date | null; remindSeason: Season | null }): BookmarkState {
  return {
    bookmarked: true,
    note: row.note,
    remindAt: row.remindAt?.toISOString() ?? null,
    remindSeason: row.remindSeason,
  };
}

/** A gone tip's bookmark is no longer one a member has once its days are up. */
const stillKept = or(
  isNull(bookmarks.tipGoneAt),
  sql`${bookmarks.tipGoneAt} > now() - make_interval(days => ${GONE_BOOKMARK_DAYS})`,
);

/** No bookmark: what a tip not saved, or one just taken back, answers. */
export const NOT_BOOKMARKED: BookmarkState = {
  bookmarked: false,
  note: "",
  remindAt: null,
  remindSeason: null,
};

/** Whether `userId` saved the tip, with their note and reminder. */
export async function bookmarkState(db: Db, userId: string, tipId: string): Promise<BookmarkState> {
  if (!isId(tipId)) return NOT_BOOKMARKED;
  const [row] = await db
    .select(stateColumns)
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.tipId, tipId), stillKept));
  return row ? stateOf(row) : NOT_BOOKMARKED;
}

export interface BookmarkChange {
  note: string;
  remindAt: Date | null;
  remindSeason: Season | null;
}

/**
 * Saves the tip for `userId`, or changes their bookmark of it (a new reminder comes back even when an
 * earlier one already did). "full" when the member keeps as many bookmarks as an account may; null when
 * the tip is gone. The new bookmark's insert locks the tip's row against a deletion, so a tip deleted at
 * the same moment either is not saved or marks the bookmark gone, never leaves it unmarked.
 */
export async function saveBookmark(
  db: Db,
  userId: string,
  tipId: string,
  change: BookmarkChange,
): Promise<BookmarkState | "full" | null> {
  const values = { ...change, remindedAt: null, updatedAt: sql`now()` };
  const [changed] = await db
    .update(bookmarks)
    .set(values)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.tipId, tipId), isNull(bookmarks.tipGoneAt)))
    .returning(stateColumns);
  if (changed) return stateOf(changed);
  const kept = db
    .select({ one: sql`1` })
    .from(bookmarks)
    .where(eq(bookmarks.userId, userId))
    .limit(BOOKMARKS_MAX);
  const [made] = await db
    .insert(bookmarks)
    .select(
      db
        .select({
          userId: sql`${userId}`.as("user_id"),
          tipId: tips.id,
          note: sql`${change.note}`.as("note"),
          remindAt: sql`${change.remindAt?.toISOString() ?? null}::timestamptz`.as("remind_at"),
          remindSeason: sql`${change.remindSeason}::text`.as("remind_season"),
          remindedAt: sql`null::timestamptz`.as("reminded_at"),
          tipGoneAt: sql`null::timestamptz`.as("tip_gone_at"),
          goneTitle: sql`null::text`.as("gone_title"),
          createdAt: sql`now()`.as("created_at"),
          updatedAt: sql`now()`.as("updated_at"),
        })
        .from(tips)
        .where(and(eq(tips.id, tipId), sql`(select count(*) from (${kept}) as "kept") < ${BOOKMARKS_MAX}`))
        .for("key share"),
    )
    .onConflictDoUpdate({ target: [bookmarks.userId, bookmarks.tipId], set: values })
    .returning(stateColumns);
  if (made) return stateOf(made);
  const [{ count = 0 } = {}] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(db.select({ one: sql`1` }).from(bookmarks).where(eq(bookmarks.userId, userId)).as("kept"));
  return count >= BOOKMARKS_MAX ? "full" : null;
}

/** Takes the bookmark back, the tip there or gone; answers whether there was one. */
export async function removeBookmark(db: Db, userId: string, tipId: string): Promise<boolean> {
  if (!isId(tipId)) return false;
  const removed = await db
    .delete(bookmarks)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.tipId, tipId)))
    .returning({ tipId: bookmarks.tipId });
  return removed.length > 0;
}

export interface BookmarkRow {
  tipId: string;
  note: string;
  remindAt: Date | null;
  remindSeason: Season | null;
  remindedAt: Date | null;
  createdAt: Date;
  /** The tip as the member may see it now; null when gone or no longer theirs to see. */
  tip: TipRow | null;
  gone: { title: string | null; goesAt: Date } | null;
}

/** A page's end as the next page's start: the bookmark's time to the microsecond, and its tip. */
const cursorOf = (micros: string, tipId: string) => `${micros}_${tipId}`;

/**
 * The member's bookmarks, newest first, `limit` a page after `cursor` (what the last page answered); a
 * deleted tip's for its last three days.
 */
export async function listBookmarks(
  db: Db,
  userId: string,
  { limit, cursor }: { limit: number; cursor?: string },
): Promise<{ rows: BookmarkRow[]; nextCursor: string | null }> {
  const [micros = "", after = ""] = cursor?.split("_") ?? [];
  const created = sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;
  const read = await db
    .select({
      bookmark: bookmarks,
      micros: sql<string>`(extract(epoch from ${bookmarks.createdAt}) * 1000000)::bigint::text`,
      tip: tipColumns,
    })
    .from(bookmarks)
    .leftJoin(tips, eq(tips.id, bookmarks.tipId))
    .where(
      and(
        eq(bookmarks.userId, userId),
        stillKept,
        cursor ? sql`(${bookmarks.createdAt}, ${bookmarks.tipId}) < (${created}, ${after}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.tipId))
    .limit(limit + 1);
  const page = read.slice(0, limit);
  const last = page.at(-1);
  const rows = page.map(({ bookmark, tip }): BookmarkRow => {
    const gone = bookmark.tipGoneAt;
    return {
      tipId: bookmark.tipId,
      note: bookmark.note,
      remindAt: bookmark.remindAt,
      remindSeason: bookmark.remindSeason,
      remindedAt: bookmark.remindedAt,
      createdAt: bookmark.createdAt,
      tip: tip?.id && mayViewTip(tip, userId) ? (tip as TipRow) : null,
      gone: gone
        ? {
            title: bookmark.goneTitle,
            goesAt: new Date(gone.getTime() + GONE_BOOKMARK_DAYS * 24 * 60 * 60 * 1000),
          }
        : null,
    };
  });
  return {
    rows,
    nextCursor: read.length > limit && last ? cursorOf(last.micros, last.bookmark.tipId) : null,
  };
}

/** Deletes the bookmarks of tips deleted more than three days before `now`; answers how many. */
export async function sweepGoneBookmarks(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - GONE_BOOKMARK_DAYS * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(bookmarks)
    .where(lt(bookmarks.tipGoneAt, cutoff))
    .returning({ tipId: bookmarks.tipId });
  return removed.length;
}

/** The most reminders one run sends; the next run (a minute on) takes the rest. */
const REMINDERS_A_RUN = 500;

/**
 * Turns the reminders due at `now` into notifications, once each: the bookmarks are claimed (locked, those
 * another server holds skipped), marked sent and notified in one statement, so two servers, or a run
 * after a crash, never send one twice. A tip the member may no longer see is marked but not notified.
 * With `onlyUserId`, only that member's (the browser tests' clock). Answers how many were notified.
 */
export async function sendDueReminders(db: Db, now: Date, onlyUserId?: string): Promise<number> {
  const at = now.toISOString();
  const whose = onlyUserId ? sql`and ${bookmarks.userId} = ${onlyUserId}` : sql``;
  const sent = await rowsOf(
    db,
    z.object({ id: z.string() }),
    sql`
    with "due" as (
      select ${bookmarks.userId}, ${bookmarks.tipId} from ${bookmarks}
      where ${bookmarks.remindAt} <= ${at}::timestamptz and ${bookmarks.remindedAt} is null
        and ${bookmarks.tipGoneAt} is null ${whose}
      order by ${bookmarks.remindAt}
      limit ${REMINDERS_A_RUN}
      for update skip locked
    ), "marked" as (
      update ${bookmarks} set "reminded_at" = ${at}::timestamptz
      from "due" where ${bookmarks.userId} = "due"."user_id" and ${bookmarks.tipId} = "due"."tip_id"
      returning ${bookmarks.userId}, ${bookmarks.tipId}
    )
    insert into "notifications" ("user_id", "kind", "tip_id")
    select "marked"."user_id", 'reminder', "marked"."tip_id" from "marked"
    join ${tips} on ${tips.id} = "marked"."tip_id"
    where ${tipSeenBy(sql`"marked"."user_id"`)}
    returning "id"`,
  );
  return sent.length;
}
