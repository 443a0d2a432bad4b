import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { TipSchema } from "#shared/schemas/tip.ts";
import { rowsOf } from "../../db/rows.ts";
import { gardeners } from "../../db/schema.ts";
import { createClient, newAccount, newTip, type TestClient } from "../../test/http-client.ts";
import { confirmEmail } from "../../test/members.ts";
import { createTestApp } from "../../test/test-db.ts";
import { memberKey, PUBLIC_TABLES, type PublicTable } from "./public-cache.ts";
import { AnswersRead } from "./public-cache-layer.ts";

/**
 * Every answer the public cache keeps, with the tables it reads; a change committed to one of those
 * tables, by anyone, must drop it, and a change to another must not. A new public route that is not
 * listed here fails the first test; a table without its trigger fails the second.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let author: TestClient;
let tipId = "";
let authorId = "";
let authorEmail = "";
const word = `routes${Date.now().toString(36)}`;

/** The cached GET routes: the path to ask (its parameters filled in) and what its answer reads. */
const cachedRoutes = (): Array<{ route: string; path: string; reads: readonly PublicTable[] }> => [
  { route: "/api/tips", path: `/api/tips?q=${word}`, reads: ["tips", "site_crops"] },
  { route: "/api/tips/{id}", path: `/api/tips/${tipId}`, reads: ["tips"] },
  { route: "/api/gardeners", path: "/api/gardeners?limit=5", reads: ["users", "gardeners", "tips"] },
  {
    route: "/api/gardeners/{handle}",
    path: "/api/gardeners/routes_author",
    reads: ["users", "gardeners", "tips", "follows"],
  },
  {
    route: "/api/gardeners/{handle}/tips",
    path: "/api/gardeners/routes_author/tips",
    reads: ["users", "gardeners", "tips"],
  },
  {
    route: "/api/tips/{id}/comments",
    path: `/api/tips/${tipId}/comments`,
    reads: ["tips", "comments", "users", "photo_holds", "moderation_cases"],
  },
  { route: "/api/config", path: "/api/config", reads: [] },
  { route: "/api/crops", path: "/api/crops", reads: ["site_crops"] },
  {
    route: "/api/crops/{slug}",
    path: "/api/crops/tomato?hemisphere=south&lastFrost=09-15",
    reads: ["tips", "member_settings", "site_crops"],
  },
];

/** A committed change to each public table, as another instance or a tool would make it. */
const changeTo: Record<PublicTable, () => Promise<unknown>> = {
  tips: () => ctx.db.execute(sql`update tips set description = description || '.' where id = ${tipId}`),
  gardeners: () => ctx.db.execute(sql`update gardeners set location = location || '.'`),
  tip_likes: () => ctx.db.execute(sql`update tip_likes set created_at = created_at where tip_id = ${tipId}`),
  users: () => ctx.db.execute(sql`update users set bio = coalesce(bio, '') || '.' where id = ${authorId}`),
  comments: () => ctx.db.execute(sql`update comments set body = body where tip_id = ${tipId}`),
  blocks: () => ctx.db.execute(sql`update blocks set created_at = created_at where blocker_id = ${authorId}`),
  photo_holds: () => ctx.db.execute(sql`delete from photo_holds where hash = 'none'`),
  moderation_cases: () => ctx.db.execute(sql`delete from moderation_cases where id is null`),
  follows: () =>
    ctx.db.execute(sql`update follows set created_at = created_at where follower_id = ${authorId}`),
  // Only a change of where a member gardens: the rest of their settings is read by no public answer.
  member_settings: () =>
    ctx.db.execute(
      sql`update member_settings set last_frost = case when last_frost = '04-01' then '04-02' else '04-01' end where user_id = ${authorId}`,
    ),
  site_crops: () => ctx.db.execute(sql`delete from site_crops where slug = 'none'`),
};

beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
  author = createClient(ctx.app);
  const account = newAccount({ name: "Routes Author" });
  authorEmail = account.email;
  const signedUp = await author.post("/api/auth/sign-up/email", account);
  authorId = (signedUp.body as { user: { id: string } }).user.id;
  const tip = await author.post("/api/tips", newTip(`Cached ${word}`), { schema: TipSchema });
  tipId = tip.body._id;
  // Where the author gardens, which crop pages read to rank tips.
  expect((await author.patch("/api/settings", { hemisphere: "north", lastFrost: "04-10" })).status).toBe(200);
  await ctx.db.insert(gardeners).values({ name: `Gardener ${word}`, email: `${word}@example.com` });
});
afterAll(async () => {
  await ctx.close();
});

/** Whether a visitor's next GET of `path` would be answered from the cache. */
const cached = (path: string) => ctx.publicCache.get(path, false) !== undefined;

describe("what the public cache keeps, and what empties it", () => {
  it("lists every GET route of the API whose answer the cache keeps", async () => {
    const document = (await createClient(ctx.app).get("/api/openapi.json")).body as {
      paths: Record<string, { get?: unknown }>;
    };
    const listed = new Map(cachedRoutes().map((entry) => [entry.route, entry.path]));
    const kept: string[] = [];
    // The document's paths are under its server, /api.
    for (const [documented, operations] of Object.entries(document.paths)) {
      const route = `/api${documented}`;
      if (!operations.get || route.startsWith("/api/auth/")) continue;
      const path = listed.get(route) ?? route.replace("{id}", tipId);
      ctx.publicCache.invalidate();
      await createClient(ctx.app).get(path);
      if (cached(path)) kept.push(route);
    }
    expect(kept.sort()).toEqual([...listed.keys()].sort());
  });

  it("has a trigger that notifies on every table public answers read", async () => {
    const rows = await rowsOf(
      ctx.db,
      z.object({ table: z.string() }),
      sql`
      select c.relname as table
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where p.proname = 'notify_public_change' and not t.tgisinternal
    `,
    );
    const tables = rows.map((row) => row.table);
    expect([...new Set(tables)].sort()).toEqual([...PUBLIC_TABLES].sort());
  });

  for (const table of PUBLIC_TABLES)
    it(`a committed change to ${table} drops exactly the answers that read it`, async () => {
      const routes = cachedRoutes();
      ctx.publicCache.invalidate();
      for (const { path } of routes) {
        await createClient(ctx.app).get(path);
        expect(cached(path), path).toBe(true);
      }
      await changeTo[table]();
      await ctx.publicCache.settled();
      for (const { path, reads } of routes) expect(cached(path), path).toBe(!reads.includes(table));
    });

  it("keeps its answers through a write that changed nothing public (a sign-in)", async () => {
    const account = newAccount();
    await createClient(ctx.app).post("/api/auth/sign-up/email", account);
    const path = `/api/tips?q=${word}`;
    await createClient(ctx.app).get(path);
    expect(cached(path)).toBe(true);
    expect((await createClient(ctx.app).post("/api/auth/sign-in/email", account)).status).toBe(200);
    expect(cached(path)).toBe(true);
  });

  it("keeps a crop page through a member's change of settings other than their place", async () => {
    const path = "/api/crops/tomato?hemisphere=north&lastFrost=04-20";
    const change = async (body: Record<string, unknown>) => {
      await createClient(ctx.app).get(path);
      expect(cached(path)).toBe(true);
      expect((await author.patch("/api/settings", body)).status).toBe(200);
      await ctx.publicCache.settled();
      return cached(path);
    };
    expect(await change({ summaryDay: 3 })).toBe(true);
    expect(await change({ lastFrost: "04-02" })).toBe(false);
  });

  /** A member's own answers: the path and what each reads. */
  const memberRoutes = (): Array<{ path: string; reads: readonly PublicTable[] }> => [
    // It counts the comments the member can read: their own on hold, not those of members they blocked.
    { path: `/api/tips/${tipId}`, reads: ["tips", "tip_likes", "comments", "blocks"] },
    { path: `/api/tips?limit=20&offset=0&email=${encodeURIComponent(authorEmail)}`, reads: ["tips"] },
    { path: "/api/tips?following=true", reads: ["tips", "follows"] },
    { path: "/api/dashboard/stats", reads: ["tips", "tip_likes", "gardeners", "users"] },
    {
      path: `/api/tips/${tipId}/comments`,
      reads: ["tips", "comments", "users", "photo_holds", "moderation_cases", "blocks"],
    },
  ];
  const keptForAuthor = (path: string) => ctx.publicCache.get(memberKey(authorId, path), true) !== undefined;

  for (const table of PUBLIC_TABLES)
    it(`a committed change to ${table} drops exactly the member's own answers that read it`, async () => {
      ctx.publicCache.invalidate();
      for (const { path } of memberRoutes()) {
        expect((await author.get(path)).status, path).toBe(200);
        expect(keptForAuthor(path), path).toBe(true);
        // Kept for the member alone: never a visitor's answer to the same path.
        expect(ctx.publicCache.get(path, true)?.scope, path).not.toBe("member");
      }
      await changeTo[table]();
      await ctx.publicCache.settled();
      for (const { path, reads } of memberRoutes())
        expect(keptForAuthor(path), path).toBe(!reads.includes(table));
    });

  it("lets a member's kept comments say they may edit their comment only while they may", async () => {
    const path = `/api/tips/${tipId}/comments`;
    await confirmEmail(ctx, author, authorEmail);
    const posted = await author.post(path, { body: `Kept until its edit window ends ${word}` });
    expect(posted.status).toBe(201);
    const own = (answer: { body: unknown }) =>
      (answer.body as Array<{ body: string; canEdit: boolean; editableUntil: string }>).find((comment) =>
        comment.body.startsWith("Kept until"),
      );
    const first = own(await author.get(path));
    expect(first?.canEdit).toBe(true);
    expect(keptForAuthor(path)).toBe(true);
    // Nothing in the database changes: the clock alone passes the end of the edit window.
    vi.useFakeTimers({ now: Date.parse(first?.editableUntil ?? "") + 1000, toFake: ["Date"] });
    try {
      expect(keptForAuthor(path)).toBe(false);
      expect(own(await author.get(path))?.canEdit).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives each member their own answer to the same path: a like shows to its giver alone, at once", async () => {
    const reader = createClient(ctx.app);
    await reader.post("/api/auth/sign-up/email", newAccount({ name: "Routes Reader" }));
    const path = `/api/tips/${tipId}`;
    expect((await reader.get(path, { schema: TipSchema })).body.likedByMe).toBe(false);
    expect((await author.get(path, { schema: TipSchema })).body.likedByMe).toBe(false);
    expect((await reader.post(`/api/tips/${tipId}/like`, {})).status).toBe(200);
    expect((await reader.get(path, { schema: TipSchema })).body.likedByMe).toBe(true);
    expect((await author.get(path, { schema: TipSchema })).body.likedByMe).toBe(false);
    const answer = await author.get(path);
    expect(answer.headers.get("cache-control")).toBe("private, no-cache");
  });
});

describe("what a page rendered from the app's answers learns of them", () => {
  /** A visitor's GET of `path` as the page renderer makes it: what it read, and the answer's status. */
  const readBy = async (path: string, answersRead = new AnswersRead()) => {
    const answer = await ctx.app.request(path, {}, { answersRead });
    return { status: answer.status, reads: answersRead.page([])?.reads ?? null };
  };

  it("is told the tables of each kept answer, built or found in the cache", async () => {
    ctx.publicCache.invalidate();
    const path = "/api/gardeners/routes_author";
    expect(await readBy(path)).toEqual({ status: 200, reads: ["users", "gardeners", "tips", "follows"] });
    expect(cached(path)).toBe(true);
    expect(await readBy(path)).toEqual({ status: 200, reads: ["users", "gardeners", "tips", "follows"] });
    const both = new AnswersRead();
    await readBy(path, both);
    await readBy(`/api/tips/${tipId}/comments`, both);
    expect(both.page(["tip_likes"])?.reads.sort()).toEqual(
      [
        "comments",
        "follows",
        "gardeners",
        "moderation_cases",
        "photo_holds",
        "tip_likes",
        "tips",
        "users",
      ].sort(),
    );
  });

  it("is told nothing of a refusal, whose part of the page the browser asks for again", async () => {
    expect(await readBy("/api/gardeners/nobody_by_that_name")).toEqual({ status: 404, reads: [] });
  });

  it("keeps no page made from an answer the cache may not keep, or from a failure other than 404", async () => {
    const unkept = new AnswersRead();
    await readBy("/api/gardeners/routes_author", unkept);
    expect((await readBy("/api/health", unkept)).status).toBe(200);
    expect(unkept.page(["users"])).toBeNull();
    const failed = new AnswersRead();
    await readBy("/api/gardeners/routes_author", failed);
    expect((await readBy("/api/gardeners?limit=many", failed)).status).toBe(400);
    expect(failed.page(["users"])).toBeNull();
  });

  it("goes stale by itself when the first answer it was made from does", () => {
    const answersRead = new AnswersRead();
    answersRead.kept(["tips"], 2_000);
    answersRead.kept(["users"]);
    answersRead.kept(["comments"], 1_000);
    expect(answersRead.page([])).toEqual({ reads: ["tips", "users", "comments"], until: 1_000 });
  });
});
