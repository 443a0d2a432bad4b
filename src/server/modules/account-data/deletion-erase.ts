import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type DeletionKeep, FORMER_GARDENER } from "#shared/schemas/account-data.ts";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { dataExports, users } from "../../db/schema.ts";
import { releasePhoto } from "../uploads/index.ts";
import type { ExportDeps } from "./export-deps.ts";

/** What an erasure leaves to remove from the storage once it is committed. */
export interface ErasureLeftovers {
  /** The address and name the account had: its confirmation goes there. */
  email: string;
  name: string;
  photoHashes: string[];
  archives: string[];
}

/**
 * After the rows are gone: the member's copies of their data, and every photo of theirs nothing else shows
 * (from the folder or the bucket). A file left by a failure here is removed by the sweeps that look for
 * files no row names.
 */
export async function removeFiles(
  deps: Pick<ExportDeps, "db" | "storage" | "archives" | "logger">,
  userId: string,
  left: ErasureLeftovers,
) {
  for (const name of left.archives)
    await deps.archives
      .delete(name)
      .catch((error) => deps.logger.warn("Deleting a data export failed", error));
  for (const hash of left.photoHashes)
    await releasePhoto(deps.db, deps.storage, hash, { userId }).catch((error) =>
      deps.logger.warn("Deleting a deleted account's photo failed; the sweep will retry", error),
    );
}

const Hash = z.object({ hash: z.string() });

/**
 * Deletes the account `userId` in the transaction `tx` (ADR 089). The row stays, with nothing that names
 * the member, as the "Former gardener" others' replies, moderation records and (with `anonymous`) the
 * member's tips and comments point at. Everything personal goes: e-mail, name, page, photo, sign-ins,
 * sessions, follows both ways, blocks, bookmarks, mutes, settings, notifications, likes given (the tips'
 * counts move with them), copies of their data. With `nothing`, their tips and comments go too, but for
 * those others replied under: a tip stays as an empty placeholder, a comment as "[deleted]".
 */
export async function eraseAccount(tx: Db, userId: string, keep: DeletionKeep): Promise<ErasureLeftovers> {
  const [user] = await tx
    .select({ email: users.email, name: users.name, photoHash: users.photoHash })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!user) return { email: "", name: "", photoHashes: [], archives: [] };
  const photoRows = await rowsOf(
    tx,
    Hash,
    sql`select photo_hash as hash from tips where author_id = ${userId} and photo_hash is not null
        union select hash from photo_uploads where owner_id = ${userId}`,
  );
  const hashes = new Set(photoRows.map((row) => row.hash));
  if (user.photoHash) hashes.add(user.photoHash);
  const archives = (
    await tx
      .delete(dataExports)
      .where(eq(dataExports.userId, userId))
      .returning({ fileName: dataExports.fileName })
  ).flatMap((row) => (row.fileName ? [row.fileName] : []));

  const personal = [
    sql`delete from sessions where user_id = ${userId}`,
    sql`delete from accounts where user_id = ${userId}`,
    sql`delete from verifications where value = ${userId} or identifier = ${user.email}`,
    sql`delete from follows where follower_id = ${userId} or followed_id = ${userId}`,
    sql`delete from blocks where blocker_id = ${userId} or blocked_id = ${userId}`,
    sql`delete from bookmarks where user_id = ${userId}`,
    sql`delete from sowing_reminders where user_id = ${userId}`,
    sql`delete from tip_mutes where user_id = ${userId}`,
    sql`delete from thread_mutes where user_id = ${userId}`,
    sql`delete from member_settings where user_id = ${userId}`,
    sql`delete from member_presence where user_id = ${userId}`,
    sql`delete from summary_schedule where user_id = ${userId}`,
    sql`delete from member_summaries where user_id = ${userId}`,
    sql`delete from notifications where user_id = ${userId}`,
    sql`delete from photo_uploads where owner_id = ${userId}`,
    // Others' notifications no longer name the member; one that named only them goes.
    sql`update notifications set actor_ids = array_remove(actor_ids, ${userId}) where ${userId} = any(actor_ids)`,
    sql`delete from notifications where actor_ids = '{}' and kind in ('like', 'follow', 'comment', 'reply', 'mention', 'new_tip')`,
    // Mail to the address: what waits goes unsent, and the record of what went is not kept.
    sql`delete from mail_outbox where lower("to") = lower(${user.email})`,
    // Likes given, with each tip's count moved in the same statement, as a like's removal does.
    sql`with removed as (delete from tip_likes where user_id = ${userId} returning tip_id),
        delta as (select tip_id, count(*)::int as n from removed group by tip_id)
        update tips set total_liked = greatest(tips.total_liked - delta.n, 0)
        from delta where tips.id = delta.tip_id`,
  ];
  for (const statement of personal) await tx.execute(statement);

  if (keep === "nothing") {
    // Their comments: a thread they began that others answered stays as "[deleted]"; the rest goes, and a
    // "[deleted]" thread start left with no reply goes with its last reply.
    await tx.execute(sql`
      update comments set state = 'deleted', body = ''
      where author_id = ${userId} and id = thread_id
        and exists (select 1 from comments reply where reply.thread_id = comments.id and reply.author_id <> ${userId})`);
    await tx.execute(sql`
      with gone as (
        delete from comments where author_id = ${userId} and state <> 'deleted' returning thread_id
      )
      delete from comments root where root.id in (select thread_id from gone) and root.state = 'deleted'
        and not exists (select 1 from comments reply where reply.thread_id = root.id and reply.id <> root.id)`);
    await tx.execute(sql`
      delete from comments root where root.author_id = ${userId} and root.state = 'deleted'
        and not exists (select 1 from comments reply where reply.thread_id = root.id and reply.id <> root.id)`);
    // Their tips: one others' comments are under stays as an empty placeholder; the rest goes.
    await tx.execute(sql`
      update tips set title = 'Deleted tip', description = '', plant_type = '', images = null, photo_hash = null,
        crops = '{}', sow_when = null
      where author_id = ${userId} and exists (select 1 from comments c where c.tip_id = tips.id)`);
    await tx.execute(
      sql`delete from tips where author_id = ${userId} and not exists (select 1 from comments c where c.tip_id = tips.id)`,
    );
  }

  await tx
    .update(users)
    .set({
      name: FORMER_GARDENER,
      email: `former-${userId}@deleted.invalid`,
      emailVerified: false,
      image: null,
      photoHash: null,
      handle: `former_${randomBytes(9).toString("hex")}`.slice(0, 25),
      gardenName: null,
      age: null,
      gender: null,
      bio: null,
      youtube: null,
      location: null,
      certifications: [],
      experiences: null,
      listed: false,
      role: "member",
      signupAddress: null,
      departure: keep === "nothing" ? "erased" : "anonymous",
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  // The handle it had is kept from others by the deletion's record for 90 days, not as a former handle
  // that would lead to the placeholder's page.
  await tx.execute(sql`delete from former_handles where user_id = ${userId}`);
  return { email: user.email, name: user.name, photoHashes: [...hashes], archives };
}
