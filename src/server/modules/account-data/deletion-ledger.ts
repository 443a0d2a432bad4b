import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { DeletionKeep } from "#shared/schemas/account-data.ts";
import type { Db } from "../../db/client.ts";
import { accountDeletions, users } from "../../db/schema.ts";
import { releasePhoto } from "../uploads/index.ts";
import { eraseAccount } from "./deletion-erase.ts";
import type { ExportDeps } from "./export-deps.ts";

/** One account deletion done, as a restore reads it before it loads an earlier backup. */
export interface LedgerEntry {
  userId: string;
  keep: DeletionKeep;
  handle: string;
  requestedAt: Date;
  doneAt: Date;
}

/** The deletions done, for a restore to do again on what it loaded (ADR 089). */
export async function deletionLedger(db: Db): Promise<LedgerEntry[]> {
  const rows = await db
    .select({
      userId: accountDeletions.userId,
      keep: accountDeletions.keep,
      handle: accountDeletions.handle,
      requestedAt: accountDeletions.requestedAt,
      doneAt: accountDeletions.doneAt,
    })
    .from(accountDeletions)
    .where(eq(accountDeletions.state, "done"));
  return rows.map((row) => ({ ...row, doneAt: row.doneAt ?? row.requestedAt }));
}

const LedgerLine = z.object({
  userId: z.string(),
  keep: z.enum(["nothing", "anonymous"]),
  handle: z.string(),
  requestedAt: z.coerce.date(),
  doneAt: z.coerce.date(),
});

/** The deletions written beside the backups (deletions.jsonl); none when there is no such file. */
export async function readLedgerFile(file: string): Promise<LedgerEntry[]> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => LedgerLine.parse(JSON.parse(line)));
}

/**
 * Deletes again, in a database just restored from an earlier backup, every account the ledger names as
 * deleted (ADR 089): the backup may hold them as they were. Each is recorded as done, with its date, so
 * its handle stays kept; its photos go from `storage`. Answers how many were deleted again.
 */
export async function reapplyDeletions(
  db: Db,
  storage: ExportDeps["storage"],
  ledger: LedgerEntry[],
): Promise<number> {
  let again = 0;
  for (const entry of ledger) {
    const left = await db.transaction(async (tx) => {
      const [user] = await tx
        .select({ departure: users.departure })
        .from(users)
        .where(eq(users.id, entry.userId));
      // Not in the backup (made after it), or deleted in it already.
      if (!user || user.departure === "anonymous" || user.departure === "erased") return null;
      const erased = await eraseAccount(tx, entry.userId, entry.keep);
      await tx
        .delete(accountDeletions)
        .where(and(eq(accountDeletions.userId, entry.userId), eq(accountDeletions.state, "pending")));
      await tx.insert(accountDeletions).values({
        userId: entry.userId,
        keep: entry.keep,
        state: "done",
        requestedAt: entry.requestedAt,
        dueAt: entry.doneAt,
        doneAt: entry.doneAt,
        wasListed: false,
        handle: entry.handle,
      });
      return erased;
    });
    if (!left) continue;
    again += 1;
    for (const hash of left.photoHashes) await releasePhoto(db, storage, hash, { userId: entry.userId });
  }
  return again;
}
