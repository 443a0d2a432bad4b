// Members who have been here a while, for the browser tests of reports that cost something: an
// established member is 30 days old with 5 public tips, which no test can make through the site in a
// run. They are written into the e2e database before the server starts on it.
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { hashPassword } from "better-auth/crypto";
import { openDatabase } from "../../src/server/db/client.ts";
import { accounts, users } from "../../src/server/db/schema.ts";
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
    for (const member of ESTABLISHED) {
      const id = randomUUID();
      await db.insert(users).values({
        id,
        name: member.name,
        email: member.email,
        emailVerified: true,
        createdAt: joined,
        updatedAt: joined,
      });
      await db.insert(accounts).values({
        id: randomUUID(),
        accountId: id,
        providerId: "credential",
        userId: id,
        password,
        createdAt: joined,
        updatedAt: joined,
      });
      await insertTips(
        db,
        [1, 2, 3, 4, 5].map((n) => ({
          authorId: id,
          title: `${member.name}'s tip ${n}`,
          plantType: "Tomato",
          difficulty: "Easy",
          description: "Water at the roots in the morning, never the leaves.",
          category: "Vegetables",
          name: member.name,
          email: member.email,
          createdAt: new Date(joined.getTime() + n * DAY_MS),
        })),
      );
    }
  } finally {
    await database.close();
  }
}
