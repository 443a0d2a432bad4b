import { and, eq, inArray, lte } from "drizzle-orm";
import { dataExports } from "../../db/schema.ts";
import type { ExportDeps } from "./export-deps.ts";

// Deleting what is no longer to be downloaded: copies past their 48 hours, and files no copy names.

/**
 * Deletes the copies whose 48 hours have passed at `now` (the row stays, `expired`, as the record of the
 * request). Each is claimed before its file goes, so two servers delete each once. Answers how many.
 */
export async function expireExports(deps: Pick<ExportDeps, "db" | "archives">, now = new Date()) {
  let expired = 0;
  for (;;) {
    const rows = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: dataExports.id, fileName: dataExports.fileName })
        .from(dataExports)
        .where(and(eq(dataExports.state, "ready"), lte(dataExports.expiresAt, now)))
        .limit(50)
        .for("update", { skipLocked: true });
      for (const { fileName } of due) if (fileName) await deps.archives.delete(fileName);
      if (due.length > 0)
        await tx
          .update(dataExports)
          .set({ state: "expired", fileName: null })
          .where(
            inArray(
              dataExports.id,
              due.map((row) => row.id),
            ),
          );
      return due.length;
    });
    expired += rows;
    if (rows < 50) return expired;
  }
}

/** A file that is no ready copy is left this long before it is deleted: a build may be just renaming it. */
const STRAY_AFTER_MS = 10 * 60_000;
const ID_PREFIX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/**
 * Deletes the files in the archive store that no copy waiting to be downloaded names, once 10 minutes
 * old: a copy whose account was deleted, one left by a build that lost its claim and could not delete
 * it, a half-written one of a server that stopped mid-build. A build under way keeps its ".part".
 * Answers how many went.
 */
export async function sweepStrayArchives(deps: Pick<ExportDeps, "db" | "archives">, now = new Date()) {
  const old = (await deps.archives.list()).filter(
    (file) => now.getTime() - file.writtenAt.getTime() > STRAY_AFTER_MS,
  );
  const ids = [...new Set(old.flatMap((file) => ID_PREFIX.exec(file.name)?.[0] ?? []))];
  const rows =
    ids.length > 0
      ? await deps.db
          .select({ id: dataExports.id, state: dataExports.state, fileName: dataExports.fileName })
          .from(dataExports)
          .where(inArray(dataExports.id, ids))
      : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  let removed = 0;
  for (const file of old) {
    const row = byId.get(ID_PREFIX.exec(file.name)?.[0] ?? "");
    const kept =
      (row?.state === "ready" && row.fileName === file.name) ||
      (row?.state === "building" && file.name.endsWith(".part"));
    if (kept) continue;
    await deps.archives.delete(file.name);
    removed += 1;
  }
  return removed;
}
