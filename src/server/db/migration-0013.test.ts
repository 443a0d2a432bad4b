import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { RESERVED_HANDLES } from "#shared/handles.ts";
import { databaseBefore } from "../test/earlier-release.ts";

/**
 * Migration 0013 on a database written by the release before it: every account gets a handle made from
 * its name, the oldest account first when two names make the same one, none of them reserved.
 */
let earlier: Awaited<ReturnType<typeof databaseBefore>>;
beforeAll(async () => {
  earlier = await databaseBefore("0013");
});
afterAll(async () => {
  await earlier?.close();
});

describe("migration 0013: a handle for every account", () => {
  it("names each account from its name, the older first, avoiding reserved words", async () => {
    const { db } = earlier;
    await db.execute(sql`
      insert into users (id, name, email, created_at) values
        ('u-rose', 'Rose Marsh', 'rose@example.com', '2026-01-01'),
        ('u-rose-later', 'rose  marsh!', 'rose2@example.com', '2026-02-01'),
        ('u-jose', 'José Núñez-Ölund', 'jose@example.com', '2026-01-02'),
        ('u-admin', 'Admin', 'admin@example.com', '2026-01-03'),
        ('u-script', '李明', 'li@example.com', '2026-01-04'),
        ('u-long', 'Bartholomew Featherstonehaugh-Cholmondeley', 'bart@example.com', '2026-01-05')`);
    // A base stops at 20 characters, so a number after it still fits in 25.

    await earlier.upgrade();

    const handles = await earlier.rows(
      sql`select id, handle from users order by id`,
      z.object({ id: z.string(), handle: z.string() }),
    );
    expect(Object.fromEntries(handles.map((user) => [user.id, user.handle]))).toEqual({
      "u-admin": "admin2",
      "u-jose": "jose_nunez_olund",
      "u-long": "bartholomew_feathers",
      "u-rose": "rose_marsh",
      "u-rose-later": "rose_marsh2",
      "u-script": "gardener2",
    });
  });

  it("holds the same reserved words as the site's rules", async () => {
    const reserved = await earlier.rows(
      sql`select handle from reserved_handles order by handle`,
      z.object({ handle: z.string() }),
    );
    expect(reserved.map((row) => row.handle)).toEqual([...RESERVED_HANDLES].sort());
  });
});
