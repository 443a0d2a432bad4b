import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { databaseBefore } from "../test/earlier-release.ts";

/**
 * Migration 0030 on a database written by the release before it: each decision already in the moderation
 * log learns its case, so an administrator can undo it; other entries name none, and the log stays
 * append-only afterwards.
 */
let earlier: Awaited<ReturnType<typeof databaseBefore>>;
beforeAll(async () => {
  earlier = await databaseBefore("0030");
});
afterAll(async () => {
  await earlier?.close();
});

describe("migration 0030: decisions in the log name their case", () => {
  it("matches each decision to its case by moderator, item, action and time", async () => {
    const { db } = earlier;
    await earlier.members({ "u-author": "Ivy Green", "u-mod": "Mia Moderator" });
    await db.execute(sql`
      insert into moderation_cases (id, target_type, target_id, author_id, state, decided_at, decided_by, decision) values
        ('11111111-1111-4111-8111-111111111111', 'tip', 't1', 'u-author', 'closed', '2026-11-01T10:00:00Z', 'u-mod', 'hide'),
        ('22222222-2222-4222-8222-222222222222', 'tip', 't1', 'u-author', 'closed', '2026-11-20T10:00:00Z', 'u-mod', 'hide'),
        ('33333333-3333-4333-8333-333333333333', 'comment', 'c1', 'u-author', 'closed', '2026-11-02T10:00:00Z', 'u-mod', 'dismiss')`);
    await db.execute(sql`
      insert into moderation_log (at, actor_id, actor_name, action, target_type, target_id, subject_id, subject_name, reason) values
        ('2026-11-01T10:00:00.05Z', 'u-mod', 'Mia Moderator', 'hide', 'tip', 't1', 'u-author', 'Ivy Green', 'First'),
        ('2026-11-20T10:00:00.05Z', 'u-mod', 'Mia Moderator', 'hide', 'tip', 't1', 'u-author', 'Ivy Green', 'Again'),
        ('2026-11-02T10:00:00.05Z', 'u-mod', 'Mia Moderator', 'dismiss', 'comment', 'c1', 'u-author', 'Ivy Green', 'Fine'),
        ('2026-11-01T09:59:00Z', null, 'system', 'hide', 'tip', 't1', 'u-author', 'Ivy Green', 'Reports')`);

    await earlier.upgrade();

    expect(
      await earlier.rows(
        sql`select reason, case_id from moderation_log order by id`,
        z.object({ reason: z.string(), case_id: z.string().nullable() }),
      ),
    ).toEqual([
      { reason: "First", case_id: "11111111-1111-4111-8111-111111111111" },
      { reason: "Again", case_id: "22222222-2222-4222-8222-222222222222" },
      { reason: "Fine", case_id: "33333333-3333-4333-8333-333333333333" },
      { reason: "Reports", case_id: null },
    ]);
    await expect(db.execute(sql`update moderation_log set reason = 'Changed'`)).rejects.toThrow();
  });
});
