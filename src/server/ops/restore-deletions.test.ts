import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountDeletionSchema } from "#shared/schemas/account-data.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { silentLogger } from "../lib/logger.ts";
import { deletionLedger, runDueDeletions } from "../modules/account-data/index.ts";
import { createMemoryArchives } from "../storage/archive-store.ts";
import { createMemoryStorage } from "../storage/photo-storage.ts";
import { signedInMember } from "../test/members.ts";
import { handleOf, tipBy } from "../test/moderation-fixtures.ts";
import { createPostgresDatabase, createTestApp, testDriver } from "../test/test-db.ts";
import { migrationsApplied } from "./backup.ts";
import { restoreInto } from "./restore.ts";

/**
 * A backup made before a member deleted their account, restored: over the live site (which reads its own
 * record of deletions first) and into an empty one (given the record kept beside the backups). Either way
 * the member is deleted again in what was loaded (ADR 089).
 */
const storage = createMemoryStorage({ publicBase: "http://localhost/uploads" });
const dataDir = mkdtempSync(path.join(tmpdir(), "garden-restore-deletions-"));
let app: Awaited<ReturnType<typeof createTestApp>>;
const cleanups: Array<() => Promise<void> | void> = [];
beforeAll(async () => {
  app = await createTestApp({ config: { RATE_LIMIT: false }, storage });
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A member with a tip, a backup of the site taken then, and the member's deletion done since. */
async function deletedSinceTheBackup() {
  const member = await signedInMember(app, { name: "Gone Since" });
  const handle = await handleOf(app, member.id);
  await tipBy(member.client, { title: "Gone Since's garlic" });
  const backup = { script: await app.database.dump(), migrations: await migrationsApplied(app.database) };
  const asked = await member.client.post(
    "/api/account/delete",
    { password: member.account.password, handle, keep: "nothing" },
    { schema: AccountDeletionSchema },
  );
  expect(asked.status, asked.text).toBe(202);
  const deps = {
    db: app.db,
    storage,
    archives: createMemoryArchives(),
    baseUrl: "http://localhost",
    logger: silentLogger,
  };
  await runDueDeletions(deps, {
    now: new Date(Date.parse(asked.body.dueAt) + 60_000),
    onlyUserId: member.id,
  });
  return { member, backup };
}

const emailOf = async (database: Database, id: string) =>
  (await database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;

async function emptyDatabase(): Promise<Database> {
  if (testDriver === "pglite") {
    const target = await openDatabase({ dataDir: mkdtempSync(path.join(dataDir, "empty-")) });
    cleanups.push(() => target.close());
    return target;
  }
  const created = await createPostgresDatabase("garden_restored");
  cleanups.push(() => created.drop());
  const target = await openDatabase({ databaseUrl: created.url });
  cleanups.push(() => target.close());
  return target;
}

describe("restoring a backup that holds a member deleted since", () => {
  it("into an empty site, deletes them again from the record kept beside the backups", async () => {
    const { member, backup } = await deletedSinceTheBackup();
    const ledger = await deletionLedger(app.db);
    const target = await emptyDatabase();
    const result = await restoreInto(
      { database: target, storage, dataDir, force: false },
      { ...backup, photos: [], authSecret: null, ledger },
    );
    expect(result.redeleted).toBe(1);
    expect(await emailOf(target, member.id)).toBe(`former-${member.id}@deleted.invalid`);
  }, 120_000);

  it("over the live site, deletes them again from the site's own record", async () => {
    const { member, backup } = await deletedSinceTheBackup();
    const result = await restoreInto(
      { database: app.database, storage, dataDir, force: true },
      { ...backup, photos: [], authSecret: null },
    );
    expect(result.redeleted).toBe(1);
    expect(await emailOf(app.database, member.id)).toBe(`former-${member.id}@deleted.invalid`);
    // The record itself is in what was loaded too: a later restore of this backup does it again.
    expect((await deletionLedger(app.db)).map((entry) => entry.userId)).toContain(member.id);
  }, 120_000);
});
