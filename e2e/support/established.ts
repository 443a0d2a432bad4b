// Members who have been here a while, for the browser tests of reports that cost something: an
// established member is 30 days old with 5 public tips, which no test can make through the site in a
// run. They are written into the e2e database before the server starts on it.
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/client.ts";
import { accounts, summarySchedule, users } from "../../src/server/db/schema.ts";
import { seedOnFirstStart } from "../../src/server/db/seed.ts";
import { insertTips } from "../../src/server/test/tip-fixtures.ts";

/** Each with an address of their own (they sign in through the proxy the e2e server trusts). */
export const ESTABLISHED = ["Olive", "Basil", "Rowan", "Hazel", "Juniper", "Laurel"].map((name, n) => ({
  name: `${name} Longtime`,
  email: `${name.toLowerCase()}.longtime@garden.test`,
  password: "established-gardener-pw",
  address: `198.51.100.${n + 10}`,
}));

const DAY_MS = 24 * 60 * 60_000;

/**
 * Members who have been away since they joined 40 days ago, one per run of the summary journey, each with
 * 3 public tips (fixed ids), a neighbour as old, and their weekly summary planned 3 days ahead: the test's clock runs that
 * slot, which no sweep reaches in a run.
 */
export const AWAY = ["light-1280", "dark-390"].map((key, n) => ({
  key,
  name: `Fern Faraway ${n + 1}`,
  email: `away.${key}@garden.test`,
  password: "established-gardener-pw",
  tipIds: [1, 2, 3].map((t) => `0a5a7000-0000-4000-8000-0000000${n + 1}000${t}`),
  /** A member of as long, whose likes are not a newcomer's, so they count in the summary. */
  neighbour: {
    name: `Moss Nearby ${n + 1}`,
    email: `neighbour.${key}@garden.test`,
    password: "established-gardener-pw",
  },
}));

/** Where the seed notes when the away members' summaries are due, beside the server's DATA_DIR. */
const awayFile = (dataDir: string) => path.join(dataDir, "..", "away.json");

/** When the away members' summaries are due, as the seed planned them. */
export const awaySummaryAt = (dataDir: string): Date =>
  new Date((JSON.parse(readFileSync(awayFile(dataDir), "utf8")) as { summaryAt: string }).summaryAt);

/** Writes the established members, 40 days old, verified, with 5 public tips each, into `dataDir`. */
export async function seedEstablished(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    const { db } = database;
    // The demo data first, as the server's first start loads it (it loads nothing into a database that
    // already holds tips).
    await seedOnFirstStart(db);
    const joined = new Date(Date.now() - 40 * DAY_MS);
    const password = await hashPassword(ESTABLISHED[0]?.password ?? "");
    /** A verified member who joined 40 days ago, signing in with the shared password; answers the id. */
    const member = async ({ name, email }: { name: string; email: string }) => {
      const id = randomUUID();
      const at = { createdAt: joined, updatedAt: joined };
      await db.insert(users).values({ id, name, email, emailVerified: true, ...at });
      await db
        .insert(accounts)
        .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password, ...at });
      return id;
    };
    const tipsOf = (id: string, { name, email }: { name: string; email: string }, count: number) =>
      Array.from({ length: count }, (_, n) => ({
        authorId: id,
        title: `${name}'s tip ${n + 1}`,
        plantType: "Tomato",
        difficulty: "Easy" as const,
        description: "Water at the roots in the morning, never the leaves.",
        category: "Vegetables" as const,
        name,
        email,
        createdAt: new Date(joined.getTime() + (n + 1) * DAY_MS),
      }));
    for (const established of ESTABLISHED) {
      const id = await member(established);
      await insertTips(db, tipsOf(id, established, 5));
    }
    const summaryAt = new Date(Date.now() + 3 * DAY_MS);
    for (const away of AWAY) {
      const id = await member(away);
      await member(away.neighbour);
      await insertTips(
        db,
        tipsOf(id, away, away.tipIds.length).map((tip, n) => ({ ...tip, id: away.tipIds[n] })),
      );
      await db
        .update(summarySchedule)
        .set({ nextAt: summaryAt, planned: true })
        .where(eq(summarySchedule.userId, id));
    }
    await writeFile(awayFile(dataDir), JSON.stringify({ summaryAt }));
  } finally {
    await database.close();
  }
}
