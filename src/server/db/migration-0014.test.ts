import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { databaseBefore } from "../test/earlier-release.ts";

/**
 * Migration 0014 on a database written by the release before it: every tip gets its author's handle, and
 * keeps following it when the author changes their handle or a tip changes hands.
 */
let earlier: Awaited<ReturnType<typeof databaseBefore>>;
beforeAll(async () => {
  earlier = await databaseBefore("0014");
});
afterAll(async () => {
  await earlier?.close();
});

const tipHandles = () =>
  earlier.rows(
    sql`select title, author_handle from tips order by title`,
    z.object({ title: z.string(), author_handle: z.string() }),
  );

describe("migration 0014: a tip carries its author's handle", () => {
  it("gives existing tips their author's handle, then follows the author's changes", async () => {
    const { db } = earlier;
    await earlier.members({ "u-ivy": "Ivy Green", "u-oak": "Oak Stone" });
    await db.execute(sql`
      insert into tips (title, plant_type, difficulty, description, category, author_id, name, email) values
        ('A', 'Rose', 'Easy', 'Feed in March.', 'Plant Care', 'u-ivy', '', ''),
        ('B', 'Kale', 'Easy', 'Pick low leaves.', 'Vegetables', 'u-oak', '', '')`);

    await earlier.upgrade();

    expect(await tipHandles()).toEqual([
      { title: "A", author_handle: "ivy_green" },
      { title: "B", author_handle: "oak_stone" },
    ]);
    await db.execute(sql`update users set handle = 'ivy_grows' where id = 'u-ivy'`);
    await db.execute(sql`update tips set author_id = 'u-ivy' where title = 'B'`);
    await db.execute(sql`
      insert into tips (title, plant_type, difficulty, description, category, author_id, name, email)
      values ('C', 'Mint', 'Easy', 'Keep it in a pot.', 'Herbs', 'u-oak', '', '')`);
    expect(await tipHandles()).toEqual([
      { title: "A", author_handle: "ivy_grows" },
      { title: "B", author_handle: "ivy_grows" },
      { title: "C", author_handle: "oak_stone" },
    ]);
  });
});
