import { mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { createLogger } from "../lib/logger.ts";
import { createMemoryStorage } from "../storage/photo-storage.ts";
import { tempDir } from "../test/server-process.ts";
import { openTestDatabase } from "../test/test-db.ts";
import { insertTips } from "../test/tip-fixtures.ts";
import { readBackup } from "./backup.ts";
import { askServerForBackup, backupFile, startBackupService } from "./backup-service.ts";

/**
 * The server's side of backups, on the run's database: every BACKUP_EVERY a backup into BACKUP_DIR,
 * the newest BACKUP_KEEP kept; and a backup asked for through DATA_DIR/control.sock.
 */
let database: Database;
const lines: string[] = [];
const logger = createLogger("info", (line) => lines.push(line), "json");

beforeAll(async () => {
  database = await openTestDatabase();
  await insertTips(database.db, [
    {
      title: "Backed up on a schedule",
      plantType: "Kale",
      difficulty: "Easy",
      description: "Picked from the bottom up.",
      category: "Vegetables",
      name: "Scheduled Keeper",
      email: `keeper.${Date.now()}@example.com`,
    },
  ]);
});
afterAll(async () => {
  await database?.close();
});

/** The server's backup service on the run's database, for a site in `dataDir` with photos in memory. */
const serviceFor = (
  dataDir: string,
  settings: { backupDir: string; keep: number; everyMs?: number },
): ReturnType<typeof startBackupService> =>
  startBackupService({
    database,
    storage: createMemoryStorage({ publicBase: "http://localhost/uploads" }),
    dataDir,
    logger,
    ...settings,
  });

describe("scheduled backups", () => {
  it("are taken every BACKUP_EVERY, each a whole backup, and only the newest BACKUP_KEEP stay", async () => {
    const dataDir = tempDir();
    const backupDir = path.join(dataDir, "backups");
    const stop = await serviceFor(dataDir, { backupDir, everyMs: 1100, keep: 2 });
    try {
      // Names carry the second they were taken: three runs a little over a second apart.
      await expect
        .poll(() => lines.filter((line) => line.includes("Scheduled backup written to")).length, {
          timeout: 20_000,
        })
        .toBeGreaterThanOrEqual(3);
    } finally {
      await stop();
    }
    const kept = readdirSync(backupDir).sort();
    expect(kept).toHaveLength(2);
    expect(lines.some((line) => /"msg":"Scheduled backup written to .*; removed garden-/.test(line))).toBe(
      true,
    );
    for (const name of kept) {
      const backup = await readBackup(path.join(backupDir, name));
      expect(backup.manifest.tables["public.tips"]).toBeGreaterThanOrEqual(1);
      expect(backup.script).toContain("Backed up on a schedule");
    }
  }, 30_000);

  it("writes one when asked through DATA_DIR's socket, and nobody answers once it stopped", async () => {
    const dataDir = tempDir();
    const stop = await serviceFor(dataDir, { backupDir: path.join(dataDir, "backups"), keep: 7 });
    const file = path.join(dataDir, "asked.tar.gz");
    try {
      const summary = await askServerForBackup(dataDir, file);
      expect(summary?.file).toBe(file);
      expect((await readBackup(file)).manifest.driver).toBe(database.driver);
    } finally {
      await stop();
    }
    expect(await askServerForBackup(dataDir, file)).toBeNull();
  });

  it("are the owner's alone (0600), and go into a folder when one is named, named as scheduled ones", async () => {
    const dataDir = tempDir();
    const stop = await serviceFor(dataDir, { backupDir: dataDir, keep: 7 });
    const folder = path.join(dataDir, "kept");
    mkdirSync(folder);
    try {
      const summary = await askServerForBackup(dataDir, folder);
      const file = summary?.file ?? "";
      expect(path.dirname(file)).toBe(folder);
      expect(path.basename(file)).toMatch(/^garden-\d{8}T\d{6}Z\.tar\.gz$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect((await readBackup(file)).manifest.driver).toBe(database.driver);
    } finally {
      await stop();
    }
    // A folder yet to be made is named with a / at its end; a file, as it is; nothing, BACKUP_DIR.
    expect(path.dirname(backupFile("later/", "/srv/backups"))).toBe(path.resolve("later"));
    expect(backupFile("site.tar.gz", "/srv/backups")).toBe(path.resolve("site.tar.gz"));
    expect(path.dirname(backupFile(undefined, "/srv/backups"))).toBe("/srv/backups");
  });
});
