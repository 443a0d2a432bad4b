import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { rowsOf } from "../../db/rows.ts";
import { openTestDatabase } from "../../test/test-db.ts";
import { isTipListed, isTipPublic, mayViewTip, tipListed, tipPublic, tipSeenBy } from "./visibility.ts";

/**
 * Who may see what members posted is said once, in lib/visibility.ts: each SQL rule and its TypeScript
 * twin agree on every case, and no module writes a rule's parts by hand.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** What the database makes of `condition`. */
async function holds(condition: SQL): Promise<boolean> {
  const [row] = await rowsOf(database.db, z.object({ yes: z.boolean() }), sql`select (${condition}) as yes`);
  return row?.yes ?? false;
}

describe("the visibility rules", () => {
  const cases = ["Public", "Private", "Hidden"].flatMap((availability) =>
    [true, false].flatMap((shown) =>
      [null, "author", "stranger"].map((viewer) => ({ availability, shown, viewer })),
    ),
  );

  it.each(cases)("a tip $availability, shown $shown, to $viewer: SQL and TypeScript agree", async (c) => {
    const tip = {
      availability: sql`${c.availability}::availability`,
      shown: sql`${c.shown}::boolean`,
      authorId: sql`${"author"}::text`,
    };
    const row = { availability: c.availability, shown: c.shown, authorId: "author" };
    expect(await holds(tipListed(tip))).toBe(isTipListed(row));
    expect(await holds(tipPublic(tip))).toBe(isTipPublic(row));
    expect(await holds(tipSeenBy(c.viewer, tip))).toBe(mayViewTip(row, c.viewer));
    // The rule itself, as the product states it.
    expect(mayViewTip(row, c.viewer)).toBe((c.availability === "Public" && c.shown) || c.viewer === "author");
  });
});

/** Every source file of the server's modules and libraries, but tests and the rules' own module. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "visibility.ts" ? [full] : [];
  });
}

describe("the reads of tips and comments", () => {
  it("use the visibility rules instead of writing them by hand", () => {
    const byHand = [
      /availability\}? *= *'Public'/,
      /eq\(tips\.availability, "Public"\)/,
      /availability [!=]== "Public"/,
      /eq\(tips\.shown/,
      /tips\.shown\}/,
      /hold\} is null and not/,
      /pageHold\} is null/,
    ];
    const root = path.resolve(import.meta.dirname, "../..");
    const found = [path.join(root, "modules"), path.join(root, "lib")].flatMap(sources).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, n) =>
          byHand.some((pattern) => pattern.test(line))
            ? [`${path.relative(root, file)}:${n + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
