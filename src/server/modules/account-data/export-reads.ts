// What a data export reads of one member: each a page at a time, in an order a keyset can resume.
import { type AnyColumn, and, asc, desc, eq, sql } from "drizzle-orm";
import type { ExportFiles } from "#shared/schemas/account-data.ts";
import type { Db } from "../../db/client.ts";
import {
  accounts,
  blocks,
  bookmarks,
  comments,
  follows,
  formerHandles,
  photos,
  photoUploads,
  sessions,
  sowingReminders,
  threadMutes,
  tipLikes,
  tipMutes,
  tips,
  users,
} from "../../db/schema.ts";
import { tipSeenBy } from "../../lib/rules/visibility.ts";
import type { Images } from "../../lib/urls.ts";
import { commentsWrittenBy } from "../comments/index.ts";
import { findGardenerPage, toProfile } from "../gardeners/index.ts";
import { listMyReports } from "../moderation/index.ts";
import { tipColumns } from "../tips/index.ts";
import { pagesOf } from "./export-formats.ts";

/** Rows read at once: what the build holds in memory, whatever the account's size (ADR 088). */
const PAGE = 200;

/** A row's time to the microsecond, for a keyset position a JavaScript date would round. */
const micros = (column: AnyColumn) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
/** The rows after `position` (a `micros` and an id, "_" apart) in the order of `time`, `id`. */
function after(position: string | undefined, time: AnyColumn, id: AnyColumn, direction: ">" | "<" = ">") {
  if (!position) return undefined;
  const [at = "0", key = ""] = position.split("_");
  return sql`(${time}, ${id}) ${sql.raw(direction)} ((timestamptz 'epoch' + ${at}::bigint * interval '1 microsecond'), ${key}::uuid)`;
}
/** The position after a page's last row, when the page is full (another may follow). */
const nextOf = <Row extends { position: string }>(rows: Row[], id: (row: Row) => string) => {
  const last = rows.at(-1);
  return rows.length === PAGE && last ? `${last.position}_${id(last)}` : undefined;
};

/** The photos the member uploaded, as stored: one entry each under photos/. */
export function photosOf(db: Db, userId: string) {
  return db
    .select({ hash: photos.hash, key: photos.storageKey })
    .from(photoUploads)
    .innerJoin(photos, eq(photos.hash, photoUploads.hash))
    .where(eq(photoUploads.ownerId, userId))
    .orderBy(asc(photos.hash));
}

/** How many tips and comments the export will write, for its progress. */
export async function countsOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      tips: sql<number>`(select count(*) from ${tips} where ${tips.authorId} = ${userId})::int`,
      comments: sql<number>`(select count(*) from "comments" where "author_id" = ${userId} and "state" <> 'deleted')::int`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { tips: 0, comments: 0 };
}

/** profile.json: the account as it is, and the gardener page as the member's profile shows it. */
export async function profileOf(
  db: Db,
  userId: string,
  images: Images,
): Promise<ExportFiles["profile.json"]> {
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  const page = await findGardenerPage(db, { id: userId });
  if (!account || !page) throw new Error("the account is gone");
  const former = await db
    .select({ handle: formerHandles.handle })
    .from(formerHandles)
    .where(eq(formerHandles.userId, userId))
    .orderBy(asc(formerHandles.changedAt));
  const providers = await db
    .select({ provider: accounts.providerId })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  const ways = providers.map(({ provider }): "password" | "google" =>
    provider === "credential" ? "password" : "google",
  );
  return {
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      emailVerified: account.emailVerified,
      handle: account.handle,
      formerHandles: former.map((row) => row.handle),
      role: account.role,
      createdAt: account.createdAt.toISOString(),
      signsInWith: [...new Set(ways)],
    },
    page: toProfile(page, images),
  };
}

/** The member's tips, newest first, whatever their visibility. */
export const tipPages = (db: Db, userId: string) =>
  pagesOf(async (position) => {
    const rows = await db
      .select({ ...tipColumns, position: micros(tips.createdAt) })
      .from(tips)
      .where(and(eq(tips.authorId, userId), after(position, tips.createdAt, tips.id, "<")))
      .orderBy(desc(tips.createdAt), desc(tips.id))
      .limit(PAGE);
    return { rows, next: nextOf(rows, (row) => row.id) };
  });

/** The comments the member wrote and did not delete, oldest first. */
export const commentPages = (db: Db, userId: string) =>
  pagesOf(async (position) => {
    const rows = await commentsWrittenBy(db, userId, { limit: PAGE, after: position });
    return { rows, next: rows.length === PAGE ? rows.at(-1)?.position : undefined };
  });

/** The tips the member liked, oldest like first; a title only while they may still see the tip. */
export const likePages = (db: Db, userId: string) =>
  pagesOf(async (position) => {
    const rows = await db
      .select({
        tipId: tipLikes.tipId,
        title: sql<string | null>`case when ${tipSeenBy(userId)} then ${tips.title} end`,
        likedAt: tipLikes.createdAt,
        position: micros(tipLikes.createdAt),
      })
      .from(tipLikes)
      .innerJoin(tips, eq(tips.id, tipLikes.tipId))
      .where(and(eq(tipLikes.userId, userId), after(position, tipLikes.createdAt, tipLikes.tipId)))
      .orderBy(asc(tipLikes.createdAt), asc(tipLikes.tipId))
      .limit(PAGE);
    return { rows, next: nextOf(rows, (row) => row.tipId) };
  });

/** Each side of a follow or a block: the member's column, the other's, and when. */
interface Sides {
  table: typeof follows | typeof blocks;
  own: AnyColumn;
  other: AnyColumn;
  since: AnyColumn;
}
export const FOLLOWING: Sides = {
  table: follows,
  own: follows.followerId,
  other: follows.followedId,
  since: follows.createdAt,
};
export const FOLLOWERS: Sides = { ...FOLLOWING, own: follows.followedId, other: follows.followerId };
export const BLOCKED: Sides = {
  table: blocks,
  own: blocks.blockerId,
  other: blocks.blockedId,
  since: blocks.createdAt,
};

/** The members on the other side of the member's follows or blocks, with their handle, name and when. */
export const peoplePages = (db: Db, userId: string, sides: Sides) =>
  pagesOf(async (position) => {
    const rows = await db
      .select({
        id: users.id,
        handle: users.handle,
        name: users.name,
        since: sql<Date | string>`${sides.since}`,
      })
      .from(sides.table as typeof follows)
      .innerJoin(users, eq(users.id, sides.other))
      .where(and(eq(sides.own, userId), position ? sql`${users.id} > ${position}` : undefined))
      .orderBy(asc(users.id))
      .limit(PAGE);
    return { rows, next: rows.length === PAGE ? rows.at(-1)?.id : undefined };
  });

/** The member's bookmarks with their notes and reminders; a title only while they may see the tip. */
export const bookmarkPages = (db: Db, userId: string) =>
  pagesOf(async (position) => {
    const rows = await db
      .select({
        tipId: bookmarks.tipId,
        title: sql<
          string | null
        >`coalesce(case when ${tipSeenBy(userId)} then ${tips.title} end, ${bookmarks.goneTitle})`,
        note: bookmarks.note,
        savedAt: bookmarks.createdAt,
        remindAt: bookmarks.remindAt,
        remindSeason: bookmarks.remindSeason,
        remindedAt: bookmarks.remindedAt,
        goneAt: bookmarks.tipGoneAt,
      })
      .from(bookmarks)
      .leftJoin(tips, eq(tips.id, bookmarks.tipId))
      .where(
        and(eq(bookmarks.userId, userId), position ? sql`${bookmarks.tipId} > ${position}::uuid` : undefined),
      )
      .orderBy(asc(bookmarks.tipId))
      .limit(PAGE);
    return { rows, next: rows.length === PAGE ? rows.at(-1)?.tipId : undefined };
  });

/** The member's sowing reminders, by crop. */
export const sowingReminderPages = (db: Db, userId: string) =>
  pagesOf(async (position) => {
    const rows = await db
      .select()
      .from(sowingReminders)
      .where(
        and(
          eq(sowingReminders.userId, userId),
          position ? sql`${sowingReminders.crop} > ${position}` : undefined,
        ),
      )
      .orderBy(asc(sowingReminders.crop))
      .limit(PAGE);
    return { rows, next: rows.length === PAGE ? rows.at(-1)?.crop : undefined };
  });

/** The member's reports, newest first, as Your reports lists them. */
export const reportPages = (db: Db, userId: string) =>
  pagesOf(async (position) => {
    const page = await listMyReports(db, userId, { limit: PAGE, after: position });
    return { rows: page.rows, next: page.nextCursor };
  });

/** The tips and threads the member muted; a tip's title (a thread's tip's) only while they may see it. */
export const mutePages = (db: Db, userId: string) =>
  pagesOf(async () => ({
    rows: [
      ...(await db
        .select({
          what: sql<string>`'tip'`,
          id: tipMutes.tipId,
          title: sql<string | null>`case when ${tipSeenBy(userId)} then ${tips.title} end`,
          mutedAt: tipMutes.createdAt,
        })
        .from(tipMutes)
        .innerJoin(tips, eq(tips.id, tipMutes.tipId))
        .where(eq(tipMutes.userId, userId))),
      ...(await db
        .select({
          what: sql<string>`'thread'`,
          id: threadMutes.commentId,
          title: sql<string | null>`case when ${tipSeenBy(userId)} then ${tips.title} end`,
          mutedAt: threadMutes.createdAt,
        })
        .from(threadMutes)
        .innerJoin(comments, eq(comments.id, threadMutes.commentId))
        .innerJoin(tips, eq(tips.id, comments.tipId))
        .where(eq(threadMutes.userId, userId))),
    ],
  }));

/** Where the member is signed in: a handful of sessions, read at once; never their tokens. */
export const sessionPages = (db: Db, userId: string) =>
  pagesOf(async () => ({
    rows: await db
      .select({
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
        ip: sessions.ipAddress,
        agent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.updatedAt)),
  }));
