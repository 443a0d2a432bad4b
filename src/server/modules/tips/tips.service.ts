import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import {
  CONFIRM_EMAIL_FOR_PUBLIC_TIPS,
  REVIEW_ALREADY_ASKED,
  UNVERIFIED_PUBLIC_TIPS,
} from "#shared/constants.ts";
import type { User } from "#shared/schemas/auth.ts";
import type { TipInputParsed, TipUpdateParsed } from "#shared/schemas/tip.ts";
import type { Db } from "../../db/client.ts";
import { blocks, tips, users } from "../../db/schema.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { isId } from "../../lib/requests/ids.ts";
import { holdMessage } from "../../lib/rules/hold-state.ts";
import { isTipListed, mayViewTip, tipListed } from "../../lib/rules/visibility.ts";
import { batchedPer } from "../../lib/write-batch.ts";
import { type StoredTipInput, type TipRow, tipColumns } from "./tip-row.ts";

/** When the account was made: a young account may share fewer tips (RATE_LIMITS.shareTip). */
async function readAccountCreatedAt(db: Db, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.createdAt;
}

/**
 * When the signed-in account of request `c` was made (its limit and its handler ask: the links a newcomer
 * may post, a comment's edit window): kept with its session, read from the database only when a session
 * lacks it.
 */
export function accountCreatedAt(c: {
  var: { db: Db; user: { id: string; createdAt?: Date | undefined } };
}): Promise<Date | undefined> {
  const { db, user } = c.var;
  return user.createdAt ? Promise.resolve(user.createdAt) : readAccountCreatedAt(db, user.id);
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
  return visibleTo(db, await findTip(db, id), viewerId);
}

/**
 * A tip the signed-in account `viewerId` would answer (a comment), as `findVisibleTip` finds it, and in the
 * same read whether its author blocked that account (ADR 043): a write costs one read of the tip.
 */
export async function findTipToAnswer(
  db: Db,
  id: string,
  viewerId: string,
): Promise<(TipRow & { authorBlockedViewer: boolean }) | null> {
  if (!isId(id)) return null;
  const [row] = await db
    .select({
      ...tipColumns,
      authorBlockedViewer: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${tips.authorId} and ${blocks.blockedId} = ${viewerId})`,
    })
    .from(tips)
    .where(eq(tips.id, id))
    .limit(1);
  // A deleted account's placeholder is read, never answered: it takes no new comment.
  if (row?.authorGone && !row.shown) return null;
  return visibleTo(db, row ?? null, viewerId);
}

/** `row` if the account `viewerId` may see it (see findVisibleTip); a tip on hold answers 404 with why. */
async function visibleTo<Row extends TipRow>(
  db: Db,
  row: Row | null,
  viewerId: string | null,
): Promise<Row | null> {
  if (!row) return null;
  if (!isTipListed(row) && row.authorId !== viewerId) return null;
  // What stays of a deleted account's tip others replied under: its page, emptied, for their replies.
  if (row.authorGone && !row.shown) return row;
  // An account leaving (its deletion waiting out the grace) has nothing to show, not a hold to explain.
  if (
    row.hold === null &&
    row.authorHeld &&
    row.authorId !== viewerId &&
    (await authorLeaving(db, row.authorId))
  )
    return null;
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

/** Whether the account is leaving: its deletion waits out the grace (ADR 089). */
async function authorLeaving(db: Db, authorId: string): Promise<boolean> {
  const [row] = await db.select({ departure: users.departure }).from(users).where(eq(users.id, authorId));
  return row?.departure === "leaving";
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
