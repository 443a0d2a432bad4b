import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { databaseBefore } from "../test/earlier-release.ts";

/**
 * Migration 0036 on a database written by the release before it: each uploaded photo becomes a record,
 * and the tips and profiles that showed one by its address refer to that record instead. Pictures linked
 * from elsewhere, and shipped ones, stay addresses.
 */
let earlier: Awaited<ReturnType<typeof databaseBefore>>;
beforeAll(async () => {
  earlier = await databaseBefore("0036");
});
afterAll(async () => {
  await earlier?.close();
});

const uploaded = "0123456789abcdef0123456789abcdef";
const orphan = "fedcba9876543210fedcba9876543210";
const twice = "00112233445566778899aabbccddeeff";

describe("migration 0036: photos are records", () => {
  it("makes a record of every stored photo and points tips and profiles at it, leaving links alone", async () => {
    const { db } = earlier;
    await db.execute(sql`
      insert into users (id, name, email, image) values
        ('u-photo', 'Photo', 'photo@example.com', ${`/uploads/${uploaded}-800x600.webp`}),
        ('u-linked', 'Linked', 'linked@example.com', 'https://pics.example/me.jpg'),
        ('u-none', 'None', 'none@example.com', null)`);
    await db.execute(sql`
      insert into photo_uploads (hash, owner_id, width, height, uploaded_at) values
        (${uploaded}, 'u-photo', 800, 600, '2026-11-01T10:00:00Z'),
        (${twice}, 'u-photo', 480, 640, '2026-11-02T10:00:00Z'),
        (${twice}, 'u-linked', 480, 640, '2026-11-03T10:00:00Z')`);
    await db.execute(sql`
      insert into tips (title, plant_type, difficulty, description, category, availability, author_id, images) values
        ('Uploaded', 'Rose', 'Easy', 'Some words here', 'Flowers', 'Public', 'u-photo', ${`/uploads/${uploaded}-800x600.webp`}),
        ('Orphan', 'Rose', 'Easy', 'Some words here', 'Flowers', 'Public', 'u-photo', ${`/uploads/${orphan}-1200x900.webp`}),
        ('Elsewhere', 'Rose', 'Easy', 'Some words here', 'Flowers', 'Public', 'u-photo', ${`https://other.example/uploads/${orphan}-1200x900.webp`}),
        ('Shipped', 'Rose', 'Easy', 'Some words here', 'Flowers', 'Public', 'u-photo', '/images/tips/rose.webp'),
        ('None', 'Rose', 'Easy', 'Some words here', 'Flowers', 'Public', 'u-photo', null)`);

    await earlier.upgrade();

    const photos = await earlier.rows(
      sql`select hash, storage_key, width, height, created_at from photos order by hash`,
      z.object({
        hash: z.string(),
        storage_key: z.string(),
        width: z.number(),
        height: z.number(),
        created_at: z.coerce.date(),
      }),
    );
    expect(photos.map(({ created_at: _, ...photo }) => photo)).toEqual([
      { hash: twice, storage_key: `${twice}-480x640.webp`, width: 480, height: 640 },
      { hash: uploaded, storage_key: `${uploaded}-800x600.webp`, width: 800, height: 600 },
      // Shown by a tip though its uploader's rows are gone: it keeps a record, sized by its name.
      { hash: orphan, storage_key: `${orphan}-1200x900.webp`, width: 1200, height: 900 },
    ]);
    // A photo uploaded twice is one record, dated by its first upload.
    expect(photos.find((photo) => photo.hash === twice)?.created_at.toISOString()).toBe(
      "2026-11-02T10:00:00.000Z",
    );

    const tips = await earlier.rows(
      sql`select title, images, photo_hash from tips order by title`,
      z.object({ title: z.string(), images: z.string().nullable(), photo_hash: z.string().nullable() }),
    );
    expect(Object.fromEntries(tips.map(({ title, ...rest }) => [title, rest]))).toEqual({
      Uploaded: { images: null, photo_hash: uploaded },
      Orphan: { images: null, photo_hash: orphan },
      // An address on another site is a link, whatever its file is called.
      Elsewhere: { images: `https://other.example/uploads/${orphan}-1200x900.webp`, photo_hash: null },
      Shipped: { images: "/images/tips/rose.webp", photo_hash: null },
      None: { images: null, photo_hash: null },
    });
    const users = await earlier.rows(
      sql`select id, image, photo_hash from users order by id`,
      z.object({ id: z.string(), image: z.string().nullable(), photo_hash: z.string().nullable() }),
    );
    expect(Object.fromEntries(users.map(({ id, ...rest }) => [id, rest]))).toEqual({
      "u-linked": { image: "https://pics.example/me.jpg", photo_hash: null },
      "u-none": { image: null, photo_hash: null },
      "u-photo": { image: null, photo_hash: uploaded },
    });
    const uploads = await earlier.rows(
      sql`select hash, owner_id from photo_uploads order by hash, owner_id`,
      z.object({ hash: z.string(), owner_id: z.string() }),
    );
    expect(uploads).toEqual([
      { hash: twice, owner_id: "u-linked" },
      { hash: twice, owner_id: "u-photo" },
      { hash: uploaded, owner_id: "u-photo" },
    ]);
  });
});
