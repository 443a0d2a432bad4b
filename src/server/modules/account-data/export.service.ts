import { randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import {
  type DataExport,
  type DataExportStatus,
  EXPORT_EVERY_HOURS,
  EXPORT_KEPT_HOURS,
} from "#shared/schemas/account-data.ts";
import type { Db } from "../../db/client.ts";
import { dataExports, notifications, users } from "../../db/schema.ts";
import { exportReadyEmail } from "../../mail/account-data-templates.ts";
import { keepMail } from "../../mail/mail-queue.ts";
import { writeArchive } from "./export-archive.ts";
import type { ExportDeps } from "./export-deps.ts";
import { downloadPath } from "./export-link.ts";

const HOUR_MS = 3_600_000;
/** A build that has not said it is alive for this long is taken over by another run (ADR 088). */
const CLAIM_LAPSES_MS = 10 * 60_000;
/** A build that failed this many times is given up: the member is told and may ask again at once. */
const MOST_ATTEMPTS = 3;

type ExportRow = typeof dataExports.$inferSelect;

function toDataExport(row: ExportRow, secret: string, baseUrl: string): DataExport {
  const ready = row.state === "ready";
  return {
    _id: row.id,
    state: row.state,
    requestedAt: row.requestedAt.toISOString(),
    progress: { done: Math.min(row.done, row.total), total: row.total },
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: ready ? (row.expiresAt?.toISOString() ?? null) : null,
    size: ready ? row.size : null,
    downloadUrl: ready ? `${baseUrl}${downloadPath(secret, row)}` : null,
  };
}

/** The newest export a member asked for, and when they may ask again (null: now). */
export async function exportStatus(
  deps: Pick<ExportDeps, "db" | "secret" | "baseUrl">,
  userId: string,
  now = new Date(),
): Promise<DataExportStatus> {
  const [latest] = await deps.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  return {
    latest: latest ? toDataExport(latest, deps.secret, deps.baseUrl) : null,
    nextAllowedAt: nextAllowed(latest, now)?.toISOString() ?? null,
  };
}

/** When the member may ask again after `latest`: a day after it, unless it failed; null when now. */
function nextAllowed(latest: ExportRow | undefined, now: Date): Date | null {
  if (!latest || latest.state === "failed") return null;
  const next = new Date(latest.requestedAt.getTime() + EXPORT_EVERY_HOURS * HOUR_MS);
  return next > now ? next : null;
}

/** Asked again within a day of the last: when the next may be asked. */
export class ExportTooSoon extends Error {
  constructor(readonly next: Date) {
    super("an export was asked for less than a day ago");
  }
}

/**
 * Records the member's request for a copy of their data, once a day (ADR 088): two requests at once
 * make one (the member's row is locked while deciding). Throws ExportTooSoon within a day of the last.
 */
export async function requestExport(
  deps: Pick<ExportDeps, "db" | "secret" | "baseUrl">,
  userId: string,
  now = new Date(),
): Promise<DataExportStatus> {
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [latest] = await tx
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, userId))
      .orderBy(desc(dataExports.requestedAt))
      .limit(1);
    const next = nextAllowed(latest, now);
    if (next) throw new ExportTooSoon(next);
    await tx.insert(dataExports).values({ userId, requestedAt: now });
  });
  return exportStatus(deps, userId, now);
}

/**
 * Takes the oldest export waiting (or one whose build stopped saying it is alive) for this run: two
 * servers never take the same one. Answers it with the run's claim, or null when none waits.
 */
async function claimNext(
  db: Db,
  { onlyUserId, tried }: { onlyUserId?: string; tried: string[] },
): Promise<(ExportRow & { claimToken: string }) | null> {
  const token = randomUUID();
  const [row] = await db
    .update(dataExports)
    .set({
      state: "building",
      claimedAt: sql`now()`,
      claimToken: token,
      attempts: sql`${dataExports.attempts} + 1`,
    })
    .where(
      inArray(
        dataExports.id,
        db
          .select({ id: dataExports.id })
          .from(dataExports)
          .where(
            and(
              sql`(${dataExports.state} = 'waiting' or (${dataExports.state} = 'building' and ${dataExports.claimedAt} < now() - ${`${CLAIM_LAPSES_MS} milliseconds`}::interval))`,
              onlyUserId ? eq(dataExports.userId, onlyUserId) : undefined,
              tried.length > 0 ? notInArray(dataExports.id, tried) : undefined,
            ),
          )
          .orderBy(dataExports.requestedAt)
          .limit(1)
          .for("update", { skipLocked: true }),
      ),
    )
    .returning();
  return row ? { ...row, claimToken: token } : null;
}

/**
 * Builds every export waiting, one after another, and answers how many became ready. Each is built into
 * the archive store under a name no one can guess and marked ready with its notification and e-mail in
 * one transaction, only while this run's claim holds; a build that fails is tried again by a later run
 * (not this one: what failed a moment ago would fail again), up to three times, then marked failed.
 */
export async function buildDueExports(deps: ExportDeps, { onlyUserId }: { onlyUserId?: string } = {}) {
  let built = 0;
  const tried: string[] = [];
  for (;;) {
    const row = await claimNext(deps.db, { onlyUserId, tried });
    if (!row) return built;
    tried.push(row.id);
    if (row.attempts > MOST_ATTEMPTS) {
      await giveUp(deps.db, row, "it failed three times");
      continue;
    }
    if (await buildOne(deps, row)) built += 1;
  }
}

/** Whether this run still holds the export's claim; renews it, with the progress, when it does. */
async function stillMine(db: Db, row: ExportRow & { claimToken: string }, done: number, total: number) {
  const renewed = await db
    .update(dataExports)
    .set({ claimedAt: sql`now()`, done, total })
    .where(and(eq(dataExports.id, row.id), eq(dataExports.claimToken, row.claimToken)))
    .returning({ id: dataExports.id });
  return renewed.length > 0;
}

/** The build was taken over by another run (this one stopped saying it was alive): it stops. */
class ClaimLost extends Error {}

async function buildOne(deps: ExportDeps, row: ExportRow & { claimToken: string }): Promise<boolean> {
  const { db, archives, logger } = deps;
  const fileName = `${row.id}-${randomBytes(12).toString("hex")}.zip`;
  let size: number;
  try {
    size = await writeArchive(
      { ...deps, userId: row.userId },
      (body) => archives.write(fileName, body),
      async (done, total) => {
        if (!(await stillMine(db, row, done, total))) throw new ClaimLost("the export was taken over");
      },
    );
  } catch (error) {
    await archives.delete(fileName).catch(() => {});
    if (error instanceof ClaimLost) return false;
    logger.warn(`Building the data export ${row.id} failed; it is tried again`, error);
    await db
      .update(dataExports)
      .set({
        state: row.attempts >= MOST_ATTEMPTS ? "failed" : "waiting",
        claimToken: null,
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
      })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.claimToken, row.claimToken)));
    return false;
  }
  const ready = await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(dataExports)
      .set({
        state: "ready",
        readyAt: sql`now()`,
        expiresAt: sql`now() + ${`${EXPORT_KEPT_HOURS} hours`}::interval`,
        fileName,
        size,
        done: sql`${dataExports.total}`,
        claimToken: null,
      })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.claimToken, row.claimToken)))
      .returning();
    if (!marked) return null;
    const [member] = await tx
      .select({ name: users.name, email: users.email, demo: users.signInDisabled })
      .from(users)
      .where(eq(users.id, row.userId));
    await tx.insert(notifications).values({ userId: row.userId, kind: "export" });
    if (member && !member.demo)
      await keepMail(
        tx,
        exportReadyEmail({
          to: member.email,
          name: member.name,
          url: `${deps.baseUrl}${downloadPath(deps.secret, marked)}`,
          profileUrl: `${deps.baseUrl}/profile#your-data`,
          size,
          keptHours: EXPORT_KEPT_HOURS,
        }),
        { expiresAt: marked.expiresAt ?? undefined },
      );
    return marked;
  });
  if (!ready) {
    await archives.delete(fileName).catch(() => {});
    return false;
  }
  logger.info(`Data export ${row.id} is ready (${size} bytes)`);
  return true;
}

async function giveUp(db: Db, row: ExportRow & { claimToken: string }, why: string) {
  await db
    .update(dataExports)
    .set({ state: "failed", claimToken: null, lastError: row.lastError ?? why })
    .where(and(eq(dataExports.id, row.id), eq(dataExports.claimToken, row.claimToken)));
}
