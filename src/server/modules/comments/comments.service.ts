import { randomUUID } from "node:crypto";
import { and, asc, eq, getTableName, sql } from "drizzle-orm";
import { z } from "zod";
import type { ReportReason, Role } from "#shared/constants.ts";
import type { Db } from "../../db/client.ts";
import { photoOf, type StoredPhoto } from "../../db/photo-columns.ts";
import { blocks, comments, tips, users } from "../../db/schema.ts";
import { IdSchema, isId } from "../../lib/requests/ids.ts";
import { openCaseAbout } from "../../lib/rules/hold-state.ts";
import { isNewAccount } from "../../lib/rules/newcomers.ts";
import { mayViewTip } from "../../lib/rules/visibility.ts";

/** A comment as read, with its author's name, handle and photo. */
export interface CommentRow {
  id: string;
  tipId: string;
  threadId: string;
  body: string;
  state: "visible" | "hidden" | "deleted";
  createdAt: Date;
  editedAt: Date | null;
  editableUntil: Date;
  authorId: string;
  authorName: string;
  authorHandle: string;
  authorImage: string | null;
  authorPhoto: StoredPhoto | null;
  authorRole: Role;
  /** Its author deleted their account (ADR 089), or is leaving: their deletion waits out its grace. */
  authorGone: boolean;
  authorLeaving: boolean;
  /** Hidden pending review (ADR 041): its own reason, and whether its author's account is on hold. */
  hold: ReportReason | null;
  holdReviewAskedAt: Date | null;
  authorHeld: boolean;
  /** Hidden by a moderator's decision rather than pending one. */
  removed: boolean;
}

/** How long an edit leaves no mark: a typo fixed at once is not an edit. */
const GRACE_MS = 5 * 60_000;
/** The same text from the same member on the same tip within this is a double post. */
const REPEAT_MS = 5 * 60_000;
/** How long a comment's author may change it: a new account when it wrote it, and others. */
const EDIT_WINDOW_NEW_MS = 24 * 60 * 60_000;
const EDIT_WINDOW_MS = 30 * 24 * 60 * 60_000;

const columns = {
  id: comments.id,
  tipId: comments.tipId,
  threadId: comments.threadId,
  body: comments.body,
  state: comments.state,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  editableUntil: comments.editableUntil,
  authorId: comments.authorId,
  authorName: users.name,
  authorHandle: users.handle,
  authorImage: users.image,
  authorPhoto: photoOf(users.photoHash),
  authorRole: users.role,
  authorGone: sql<boolean>`coalesce(${users.departure} in ('anonymous', 'erased'), false)`,
  authorLeaving: sql<boolean>`coalesce(${users.departure} = 'leaving', false)`,
  hold: comments.hold,
  holdReviewAskedAt: comments.holdReviewAskedAt,
  authorHeld: comments.authorHeld,
  /**
   * Hidden by a moderator's decision, not pending one: its own hold with no case open about it, or its
   * author suspended. Others read "Removed by the moderators" in its place.
   */
  removed: sql<boolean>`(${comments.hold} is not null and not ${openCaseAbout("comment", sql`${comments.id}::text`)}) or (${comments.authorHeld} and ${users.suspendedUntil} is not null)`,
  /** Where the page ends, to the microsecond (a JavaScript date keeps milliseconds only). */
  threadAtText: sql<string>`to_char(${comments.threadAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  createdAtText: sql<string>`to_char(${comments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

/** Comments with what their rows show of their authors. */
const withAuthors = (db: Db) =>
  db.select(columns).from(comments).innerJoin(users, eq(users.id, comments.authorId));

const Timestamp = z.string().regex(/^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
/** Where the next page starts: after this comment, in the order comments are read. */
const CursorSchema = z.tuple([Timestamp, IdSchema, Timestamp, IdSchema]);

/** The cursor a client sent cannot be one this server gave. */
export class BadCursorError extends Error {
  override name = "BadCursorError";
}

function decodeCursor(value: string): z.infer<typeof CursorSchema> {
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
  } catch {
    throw new BadCursorError("cursor is malformed; pass back an X-Next-Cursor value");
  }
}

/**
 * One page of a tip's comments, oldest thread first, each thread's replies after it, oldest first; a
 * comment a moderator hid is left out, a deleted one with replies is kept (as "[deleted]"), one on hold is
 * kept (the route shows it to its author, a placeholder to anyone else); the comments of members the reader
 * blocked are left out for them. One more row than asked tells
 * whether another page follows.
 */
export async function listComments(
  db: Db,
  tipId: string,
  { limit, cursor, readerId }: { limit: number; cursor?: string; readerId?: string | null },
): Promise<{ rows: CommentRow[]; nextCursor: string | null }> {
  const after = cursor ? decodeCursor(cursor) : null;
  const found = await withAuthors(db)
    .where(
      and(
        eq(comments.tipId, tipId),
        sql`${comments.state} <> 'hidden'`,
        // The reader's blocks: the comments of members they blocked are not shown to them.
        readerId
          ? sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${readerId} and ${blocks.blockedId} = ${comments.authorId})`
          : undefined,
        after
          ? sql`(${comments.threadAt}, ${comments.threadId}, ${comments.createdAt}, ${comments.id}) > (${after[0]}::timestamptz, ${after[1]}::uuid, ${after[2]}::timestamptz, ${after[3]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(comments.threadAt), asc(comments.threadId), asc(comments.createdAt), asc(comments.id))
    .limit(limit + 1);
  const rows = found.slice(0, limit);
  const last = rows.at(-1);
  const nextCursor =
    found.length > limit && last
      ? Buffer.from(JSON.stringify([last.threadAtText, last.threadId, last.createdAtText, last.id])).toString(
          "base64url",
        )
      : null;
  return { rows: rows.map(({ threadAtText: _t, createdAtText: _c, ...row }) => row), nextCursor };
}

/**
 * A page of the comments `authorId` wrote and did not delete, oldest first, after the position `after`
 * (the `position` of the previous page's last row, exact to the microsecond): what a copy of their data holds.
 */
export async function commentsWrittenBy(
  db: Db,
  authorId: string,
  { limit, after }: { limit: number; after?: string },
): Promise<Array<CommentRow & { position: string }>> {
  const [time = "", id = ""] = after?.split("_") ?? [];
  const found = await withAuthors(db)
    .where(
      and(
        eq(comments.authorId, authorId),
        sql`${comments.state} <> 'deleted'`,
        after
          ? sql`(${comments.createdAt}, ${comments.id}) > (${time}::timestamptz, ${id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(limit);
  return found.map(({ threadAtText: _t, createdAtText, ...row }) => ({
    ...row,
    position: `${createdAtText}_${row.id}`,
  }));
}

/** The same member posted the same text on the same tip a moment ago. */
export class RepeatedCommentError extends Error {
  override name = "RepeatedCommentError";
}

/** The comment a reply answers is not (or no longer) on this tip. */
export class NoSuchCommentError extends Error {
  override name = "NoSuchCommentError";
}

/**
 * Writes a comment, or a reply to `replyTo` (a reply to a reply joins its thread: one level). Under read
 * committed, two inserts guarded by the same "not exists" both see no earlier row, so the double-post check
 * and the insert run under a lock per member and tip: the second of two taps at once waits for the first
 * and then sees its comment. Lock, check, insert and the row read back with its author are one statement
 * (`comment_once`, ADR 076).
 */
export async function addComment(
  db: Db,
  input: {
    tipId: string;
    authorId: string;
    body: string;
    replyTo?: string | null;
    accountCreatedAt: Date | undefined;
  },
): Promise<CommentRow> {
  const id = randomUUID();
  const now = new Date();
  let thread: { id: string; at: Date } = { id, at: now };
  if (input.replyTo) {
    const [parent] = await db
      .select({ threadId: comments.threadId, threadAt: comments.threadAt })
      .from(comments)
      .where(
        and(
          eq(comments.id, input.replyTo),
          eq(comments.tipId, input.tipId),
          sql`${comments.state} <> 'hidden'`,
        ),
      )
      .limit(1);
    if (!parent) throw new NoSuchCommentError();
    thread = { id: parent.threadId, at: parent.threadAt };
  }
  const editableUntil = new Date(
    now.getTime() + (isNewAccount(input.accountCreatedAt) ? EDIT_WINDOW_NEW_MS : EDIT_WINDOW_MS),
  );
  const written = sql`comment_once(${id}::uuid, ${input.tipId}::uuid, ${input.authorId}, ${thread.id}::uuid,
    ${thread.at.toISOString()}::timestamptz, ${input.body}, ${now.toISOString()}::timestamptz,
    ${editableUntil.toISOString()}::timestamptz, ${new Date(now.getTime() - REPEAT_MS).toISOString()}::timestamptz)`;
  // Named as the table, so the columns read the comment written as they read stored ones.
  const writtenAsComments = db.$with(getTableName(comments), {}).as(sql`select * from ${written}`);
  const [row] = await db
    .with(writtenAsComments)
    .select(columns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId));
  if (!row) throw new RepeatedCommentError();
  const { threadAtText: _t, createdAtText: _c, ...comment } = row;
  return comment;
}

/** A comment by id with its author, and the tip it is on (whose author may delete it). */
async function findComment(
  db: Db,
  id: string,
): Promise<(CommentRow & { tipAuthorId: string; tipAvailability: string; tipShown: boolean | null }) | null> {
  if (!isId(id)) return null;
  const [row] = await db
    .select({
      ...columns,
      tipAuthorId: tips.authorId,
      tipAvailability: tips.availability,
      tipShown: tips.shown,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .innerJoin(tips, eq(tips.id, comments.tipId))
    .where(eq(comments.id, id))
    .limit(1);
  if (!row) return null;
  const { threadAtText: _t, createdAtText: _c, ...comment } = row;
  return comment;
}

/**
 * The comment `id` names as `viewerId` may see it: shown, on a tip they may see; null otherwise (gone,
 * hidden, or on a tip that is not theirs to see).
 */
export async function findVisibleComment(db: Db, id: string, viewerId: string | null) {
  const row = await findComment(db, id);
  const seen =
    row?.state === "visible" &&
    mayViewTip(
      { availability: row.tipAvailability, shown: row.tipShown, authorId: row.tipAuthorId },
      viewerId,
    );
  return seen ? row : null;
}

/**
 * Changes a comment's text; an edit after its first minutes is marked as one, and an edit of a comment on
 * hold asks for it to be shown again (the route allows one). Answers it as it is now.
 */
export async function editComment(db: Db, comment: CommentRow, body: string): Promise<CommentRow> {
  const now = Date.now();
  const marked = now - comment.createdAt.getTime() > GRACE_MS;
  await db
    .update(comments)
    .set({
      body,
      ...(marked ? { editedAt: new Date(now) } : {}),
      ...(comment.hold ? { holdReviewAskedAt: new Date(now) } : {}),
    })
    .where(eq(comments.id, comment.id));
  const row = await findComment(db, comment.id);
  if (!row) throw new Error("A comment just changed could not be read back");
  return row;
}

/**
 * Removes a comment. One that others answered stays as "[deleted]" (its text gone) so its thread keeps
 * its shape; and a "[deleted]" comment whose last reply goes goes with it.
 */
export async function deleteComment(
  db: Pick<Db, "transaction">,
  comment: Pick<CommentRow, "id" | "threadId">,
): Promise<void> {
  await db.transaction(async (tx) => {
    const isThread = comment.threadId === comment.id;
    if (isThread) {
      const [reply] = await tx
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.threadId, comment.id), sql`${comments.id} <> ${comment.id}`))
        .limit(1);
      if (reply) {
        await tx.update(comments).set({ state: "deleted", body: "" }).where(eq(comments.id, comment.id));
        return;
      }
    }
    await tx.delete(comments).where(eq(comments.id, comment.id));
    if (!isThread)
      await tx.execute(sql`
        delete from ${comments} root
        where root.id = ${comment.threadId}::uuid and root.state = 'deleted'
          and not exists (select 1 from ${comments} reply where reply.thread_id = root.id and reply.id <> root.id)`);
  });
}

/**
 * Whether a reply to `replyTo` would answer someone who blocked `authorId`: the comment's author, or the
 * author of the thread it is in (a reply joins its thread, under the thread's first comment).
 */
export async function replyAnswersBlocker(db: Db, replyTo: string, authorId: string): Promise<boolean> {
  if (!isId(replyTo)) return false;
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(comments)
    .where(
      and(
        eq(comments.id, replyTo),
        sql`exists (select 1 from ${blocks} where ${blocks.blockedId} = ${authorId} and ${blocks.blockerId} in (
          ${comments.authorId},
          (select head.author_id from ${comments} head where head.id = ${comments.threadId})))`,
      ),
    );
  return row !== undefined;
}
