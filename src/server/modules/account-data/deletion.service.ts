import { appendFile } from "node:fs/promises";
import { and, desc, eq, sql } from "drizzle-orm";
import {
  type AccountDeletion,
  DELETION_GRACE_DAYS,
  type DeletionKeep,
} from "#shared/schemas/account-data.ts";
import { accountDeletions, accounts, sessions, users } from "../../db/schema.ts";
import {
  deletionCancelledEmail,
  deletionDoneEmail,
  deletionGraceEmail,
} from "../../mail/account-data-templates.ts";
import { keepMail } from "../../mail/mail-queue.ts";
import { eraseAccount, removeFiles } from "./deletion-erase.ts";
import type { ExportDeps } from "./export-deps.ts";

const DAY_MS = 86_400_000;
/** How recent a Google-only member's sign-in must be to stand for their password. */
const FRESH_SIGN_IN_MS = 10 * 60_000;

type DeletionRow = typeof accountDeletions.$inferSelect;

/** Why a deletion was not accepted, in words the member reads; `status` is the answer's. */
export class DeletionRefused extends Error {
  constructor(
    readonly status: 400 | 403 | 409,
    message: string,
  ) {
    super(message);
  }
}

const toAccountDeletion = (row: DeletionRow): AccountDeletion => ({
  _id: row.id,
  keep: row.keep,
  requestedAt: row.requestedAt.toISOString(),
  dueAt: row.dueAt.toISOString(),
});

const signInUrl = (baseUrl: string) => `${baseUrl}/auth/login?returnTo=${encodeURIComponent("/profile")}`;

/**
 * The member asks for their account to be deleted (ADR 089): confirmed with their password (a Google-only
 * account: a sign-in within the last minutes) and their handle typed in. At once the account is hidden as
 * one on hold is, leaves Explore Gardeners, and is signed out everywhere; it is deleted when the grace ends
 * unless they sign in before then. Answers the deletion with its date.
 */
export async function requestDeletion(
  deps: Pick<ExportDeps, "db" | "baseUrl">,
  userId: string,
  input: { password?: string; handle: string; keep: DeletionKeep },
  {
    verifyPassword,
    now = new Date(),
  }: { verifyPassword: (hash: string, password: string) => Promise<boolean>; now?: Date },
): Promise<AccountDeletion> {
  const { db } = deps;
  const [user] = await db
    .select({
      handle: users.handle,
      role: users.role,
      email: users.email,
      name: users.name,
      listed: users.listed,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new DeletionRefused(403, "Sign in to delete your account");
  if (input.handle.trim().replace(/^@/, "").toLowerCase() !== user.handle)
    throw new DeletionRefused(400, `Type your handle, ${user.handle}, to confirm`);
  if (user.role === "administrator")
    throw new DeletionRefused(
      409,
      "An administrator's account cannot be deleted while it is one: take it off ADMIN_EMAILS (or appoint another administrator) first",
    );
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if (credential?.password) {
    if (!input.password || !(await verifyPassword(credential.password, input.password)))
      throw new DeletionRefused(403, "That is not your password");
  } else {
    const [newest] = await db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    if (!newest || now.getTime() - newest.createdAt.getTime() > FRESH_SIGN_IN_MS)
      throw new DeletionRefused(403, "Sign in with Google again, then delete your account within 10 minutes");
  }
  const dueAt = new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accountDeletions)
      .values({
        userId,
        keep: input.keep,
        requestedAt: now,
        dueAt,
        wasListed: user.listed,
        handle: user.handle,
      })
      .onConflictDoNothing()
      .returning();
    // Asked twice at once: the first one stands.
    if (!row) throw new DeletionRefused(409, "Your account is already being deleted");
    await tx.update(users).set({ departure: "leaving", listed: false }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await keepMail(
      tx,
      deletionGraceEmail("asked", {
        to: user.email,
        name: user.name,
        signInUrl: signInUrl(deps.baseUrl),
        dueAt,
        keep: input.keep,
      }),
    );
    return toAccountDeletion(row);
  });
}

/**
 * The member keeps their account: a sign-in within the grace, or their own call. Their page, tips and
 * comments show again and Explore Gardeners lists them as before. Answers whether a deletion was waiting.
 */
export async function cancelDeletion(
  deps: Pick<ExportDeps, "db" | "baseUrl">,
  userId: string,
): Promise<boolean> {
  // Every sign-in asks: one read of the pending deletions' unique index, and a transaction only for the
  // rare member who is leaving.
  const [pending] = await deps.db
    .select({ id: accountDeletions.id })
    .from(accountDeletions)
    .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.state, "pending")))
    .limit(1);
  if (!pending) return false;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(accountDeletions)
      .set({ state: "cancelled" })
      .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.state, "pending")))
      .returning();
    if (!row) return false;
    const [user] = await tx
      .update(users)
      .set({ departure: null, listed: row.wasListed })
      .where(eq(users.id, userId))
      .returning({ email: users.email, name: users.name });
    if (user)
      await keepMail(
        tx,
        deletionCancelledEmail({ to: user.email, name: user.name, signInUrl: `${deps.baseUrl}/profile` }),
      );
    return true;
  });
}

/**
 * What the deletion job does at `now`: the e-mail a day before the end to those not yet told, then each
 * deletion whose grace has ended, one at a time, each by whichever server locks it first (two servers
 * running at once delete each account once). `onlyUserId` limits it to one member (the test clock).
 * Answers how many reminders went and how many accounts were deleted.
 */
export async function runDueDeletions(
  deps: Pick<ExportDeps, "db" | "baseUrl" | "storage" | "archives" | "logger" | "ledgerFile">,
  { now = new Date(), onlyUserId }: { now?: Date; onlyUserId?: string } = {},
): Promise<{ reminded: number; deleted: number }> {
  const { db } = deps;
  const only = onlyUserId ? eq(accountDeletions.userId, onlyUserId) : undefined;
  const reminders = await db.transaction(async (tx) => {
    const due = await tx
      .update(accountDeletions)
      .set({ remindedAt: now })
      .where(
        and(
          eq(accountDeletions.state, "pending"),
          sql`${accountDeletions.remindedAt} is null`,
          sql`${accountDeletions.dueAt} <= ${new Date(now.getTime() + DAY_MS).toISOString()}::timestamptz`,
          sql`${accountDeletions.dueAt} > ${now.toISOString()}::timestamptz`,
          only,
        ),
      )
      .returning();
    for (const row of due) {
      const [user] = await tx
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, row.userId));
      if (user)
        await keepMail(
          tx,
          deletionGraceEmail("tomorrow", {
            ...user,
            to: user.email,
            signInUrl: signInUrl(deps.baseUrl),
            dueAt: row.dueAt,
            keep: row.keep,
          }),
        );
    }
    return due.length;
  });
  let deleted = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(accountDeletions)
        .where(
          and(
            eq(accountDeletions.state, "pending"),
            sql`${accountDeletions.dueAt} <= ${now.toISOString()}::timestamptz`,
            only,
          ),
        )
        .orderBy(accountDeletions.dueAt)
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return null;
      const left = await eraseAccount(tx, row.userId, row.keep);
      await tx
        .update(accountDeletions)
        .set({ state: "done", doneAt: now })
        .where(eq(accountDeletions.id, row.id));
      // The last message to the address, forgotten once sent: nothing keeps naming it.
      await keepMail(
        tx,
        deletionDoneEmail({ to: left.email, name: left.name, homeUrl: `${deps.baseUrl}/`, keep: row.keep }),
        { forgetOnceSent: true },
      );
      return {
        entry: {
          userId: row.userId,
          keep: row.keep,
          handle: row.handle,
          requestedAt: row.requestedAt,
          doneAt: now,
        },
        left,
      };
    });
    if (!done) return { reminded: reminders, deleted };
    deleted += 1;
    if (deps.ledgerFile)
      await appendFile(deps.ledgerFile, `${JSON.stringify(done.entry)}\n`, { mode: 0o600 }).catch((error) =>
        deps.logger.error(
          "Writing the deletion beside the backups failed: a restore reads it from the database only",
          error,
        ),
      );
    const userId = done.entry.userId;
    await removeFiles(deps, userId, done.left);
  }
}
