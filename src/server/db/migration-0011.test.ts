import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { databaseBefore } from "../test/earlier-release.ts";

/**
 * Migration 0011 on a database written by the release before it: uploaded photos stored as absolute URLs
 * (under whatever address the site had) become root-relative paths; links elsewhere stay as they are.
 */
let earlier: Awaited<ReturnType<typeof databaseBefore>>;
beforeAll(async () => {
  earlier = await databaseBefore("0011");
});
afterAll(async () => {
  await earlier?.close();
});

const hash = "0123456789abcdef0123456789abcdef";
const unknownHash = "fedcba9876543210fedcba9876543210";

describe("migration 0011: uploaded photos stored root-relative", () => {
  it("turns the site's absolute photo URLs into paths and leaves every other image alone", async () => {
    const { db } = earlier;
    await db.execute(sql`
      insert into users (id, name, email, image) values
        ('u-moved', 'Moved', 'moved@example.com', ${`http://old.example:3000/uploads/${hash}-800x600.webp`}),
        ('u-s3', 'Bucket', 'bucket@example.com', ${`https://cdn.example/photos/uploads/${hash}-800x600.webp`}),
        ('u-linked', 'Linked', 'linked@example.com', 'https://pics.example/me.jpg'),
        ('u-none', 'None', 'none@example.com', null)`);
    await db.execute(sql`
      insert into photo_uploads (hash, owner_id, width, height) values (${hash}, 'u-moved', 800, 600)`);
    await db.execute(sql`
      insert into tips (title, plant_type, difficulty, description, category, availability, author_id, images) values
        ('Uploaded', 'Rose', 'Easy', 'Some words here', 'Flowers', 'Public', 'u-moved', ${`http://old.example:3000/uploads/${hash}-800x600.webp`}),
        ('Elsewhere', 'Rose', 'Easy', 'Some words here', 'Flowers', 'Public', 'u-moved', ${`https://other.example/uploads/${unknownHash}-800x600.webp`}),
        ('Shipped', 'Rose', 'Easy', 'Some words here', 'Flowers', 'Public', 'u-moved', '/images/tips/rose.webp'),
        ('Linked', 'Rose', 'Easy', 'Some words here', 'Flowers', 'Public', 'u-moved', 'https://pics.example/rose.jpg?w=800')`);

    await earlier.upgrade();

    const tips = await earlier.rows(
      sql`select title, images from tips order by title`,
      z.object({ title: z.string(), images: z.string() }),
    );
    expect(Object.fromEntries(tips.map((tip) => [tip.title, tip.images]))).toEqual({
      Uploaded: `/uploads/${hash}-800x600.webp`,
      // No record of that photo here: someone else's site, kept as linked.
      Elsewhere: `https://other.example/uploads/${unknownHash}-800x600.webp`,
      Shipped: "/images/tips/rose.webp",
      Linked: "https://pics.example/rose.jpg?w=800",
    });
    const users = await earlier.rows(
      sql`select id, image from users order by id`,
      z.object({ id: z.string(), image: z.string().nullable() }),
    );
    expect(Object.fromEntries(users.map((user) => [user.id, user.image]))).toEqual({
      "u-linked": "https://pics.example/me.jpg",
      "u-moved": `/uploads/${hash}-800x600.webp`,
      "u-none": null,
      "u-s3": `/uploads/${hash}-800x600.webp`,
    });
  });
});
