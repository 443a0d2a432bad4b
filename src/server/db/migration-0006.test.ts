import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { databaseBefore } from "../test/earlier-release.ts";

/**
 * Migration 0006 on a database written by the release before it: tips owned by an e-mail string become
 * tips owned by accounts (ADR 012), without losing or duplicating one.
 */
let earlier: Awaited<ReturnType<typeof databaseBefore>>;
beforeAll(async () => {
  earlier = await databaseBefore("0006");
});
afterAll(async () => {
  await earlier?.close();
});
describe("migration 0006: tips belong to accounts", () => {
  it("links each tip to the account with its e-mail, and the rest to accounts nobody can sign in to", async () => {
    await earlier.db.execute(sql`
      insert into users (id, name, email, email_verified) values
        ('u-alice', 'Alice Account', 'alice@example.com', true),
        ('u-bob', 'Bob', 'bob@example.com', false)`);
    await earlier.db.execute(sql`
      insert into tips (title, plant_type, difficulty, description, category, availability, name, email, created_at) values
        ('Alice public', 'Rose', 'Easy', 'Some words here', 'Flowers', 'Public', 'Alice Old Name', 'alice@example.com', now()),
        ('Alice private', 'Rose', 'Easy', 'Some words here', 'Flowers', 'Private', 'Alice Old Name', 'ALICE@example.com', now()),
        ('Rowan hidden', 'Kale', 'Hard', 'Some words here', 'Vegetables', 'Hidden', 'Rowan Ellis', 'rowan.ellis@example.com', now() - interval '1 day'),
        ('Rowan public', 'Kale', 'Hard', 'Some words here', 'Vegetables', 'Public', 'Rowan E.', 'Rowan.Ellis@example.com', now()),
        ('Iris public', 'Iris', 'Medium', 'Some words here', 'Flowers', 'Public', 'Iris', 'iris@example.com', now())`);

    await earlier.upgrade();

    const tips = await earlier.rows(
      sql`select title, author_id, name, email from tips order by title`,
      z.object({ title: z.string(), author_id: z.string(), name: z.string(), email: z.string() }),
    );
    expect(tips).toHaveLength(5);
    const byTitle = Object.fromEntries(tips.map((tip) => [tip.title, tip]));
    expect(byTitle["Alice public"]).toMatchObject({
      author_id: "u-alice",
      name: "Alice Account",
      email: "alice@example.com",
    });
    expect(byTitle["Alice private"]?.author_id).toBe("u-alice");

    // One new account per e-mail without one, whatever its case, holding no password and barred from sign-in.
    const rowan = byTitle["Rowan hidden"]?.author_id;
    expect(byTitle["Rowan public"]?.author_id).toBe(rowan);
    expect(rowan).not.toBe(byTitle["Iris public"]?.author_id);
    const made = await earlier.rows(
      sql`select id, name, email, sign_in_disabled from users where id not in ('u-alice', 'u-bob') order by email`,
      z.object({ id: z.string(), name: z.string(), email: z.string(), sign_in_disabled: z.boolean() }),
    );
    expect(made.map((user) => [user.email, user.sign_in_disabled])).toEqual([
      ["iris@example.com", true],
      ["rowan.ellis@example.com", true],
    ]);
    expect(made.find((user) => user.id === rowan)?.name).toBe("Rowan E.");
    expect(await earlier.rows(sql`select * from accounts`)).toEqual([]);
    const real = await earlier.rows(
      sql`select sign_in_disabled from users where id in ('u-alice', 'u-bob')`,
      z.object({ sign_in_disabled: z.boolean() }),
    );
    expect(real.every((user) => user.sign_in_disabled === false)).toBe(true);
  });

  it("keeps a tip's name and e-mail equal to its account's from then on", async () => {
    await earlier.db.execute(
      sql`update users set name = 'Alice Renamed', email = 'Alice.New@example.com' where id = 'u-alice'`,
    );
    const alice = await earlier.rows(
      sql`select distinct name, email from tips where author_id = 'u-alice'`,
      z.object({ name: z.string(), email: z.string() }),
    );
    expect(alice).toEqual([{ name: "Alice Renamed", email: "alice.new@example.com" }]);

    // Whatever a writer puts in name and email, the account's are stored.
    await earlier.db.execute(sql`
      insert into tips (title, plant_type, difficulty, description, category, author_id, name, email)
      values ('Bob new', 'Fig', 'Easy', 'Some words here', 'Trees', 'u-bob', 'Not Bob', 'alice.new@example.com')`);
    expect(await earlier.rows(sql`select name, email from tips where title = 'Bob new'`)).toEqual([
      { name: "Bob", email: "bob@example.com" },
    ]);
    await earlier.db.execute(
      sql`update tips set email = 'x@example.com', name = 'X' where title = 'Bob new'`,
    );
    expect(await earlier.rows(sql`select name, email from tips where title = 'Bob new'`)).toEqual([
      { name: "Bob", email: "bob@example.com" },
    ]);
  });

  it("deletes an account's tips with the account", async () => {
    await earlier.db.execute(sql`delete from users where id = 'u-bob'`);
    expect(await earlier.rows(sql`select title from tips where title = 'Bob new'`)).toEqual([]);
  });
});
