import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { type Tip, TipListQuerySchema, TipSchema } from "#shared/schemas/tip.ts";
import { tips, users } from "../../db/schema.ts";
import { createClient, newAccount } from "../../test/http-client.ts";
import { createTestApp, getJson } from "../../test/test-db.ts";
import { insertTips, type TipFixture } from "../../test/tip-fixtures.ts";
import { listTipsQueries } from "./tip-list.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const ALICE = "alice@example.com";
const BOB = "bob@example.com";

type NewTip = TipFixture;
const base = (i: number, overrides: Partial<NewTip> = {}): NewTip => ({
  title: `Tip number ${String(i).padStart(2, "0")}`,
  plantType: "Tomato",
  difficulty: "Easy",
  description: "A useful gardening tip with enough words.",
  category: "Vegetables",
  availability: "Public",
  name: "Alice Apple",
  email: ALICE,
  totalLiked: i % 7,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
  // Alice and Bob have real accounts, made before their tips: a tip belongs to an account, not an e-mail.
  for (const [name, email] of [
    ["Alice Apple", ALICE],
    ["Bob Basil", BOB],
  ] as const) {
    const res = await createClient(ctx.app).post("/api/auth/sign-up/email", newAccount({ name, email }));
    expect(res.status).toBe(200);
  }
  await insertTips(ctx.db, [
    ...Array.from({ length: 30 }, (_, i) => base(i + 1)),
    base(31, {
      title: "Brewing compost tea",
      plantType: "All plants",
      category: "Composting",
      difficulty: "Medium",
      totalLiked: 50,
      name: "Bob Basil",
      email: BOB,
    }),
    base(32, {
      title: "Pruning apple trees in winter",
      plantType: "Apple",
      category: "Trees",
      difficulty: "Hard",
      totalLiked: 40,
      name: "Bob Basil",
      email: BOB,
    }),
    base(33, {
      title: "Secret hidden mulch trick",
      plantType: "Mulch",
      category: "Soil & Composting",
      availability: "Hidden",
      totalLiked: 99,
    }),
    base(34, {
      title: "Private seed list",
      plantType: "Seeds",
      category: "Other",
      availability: "Private",
      totalLiked: 98,
    }),
    base(35, {
      title: "100% organic_feed",
      plantType: "Basil",
      category: "Herbs",
      difficulty: "Medium",
      totalLiked: 3,
    }),
    // Same creation time and likes as another tip: ties are broken by id, so paging never repeats or skips.
    base(36, {
      title: "an early twin tip",
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 30)),
      totalLiked: 30 % 7,
    }),
  ]);
});
afterAll(async () => {
  await ctx.close();
});

const list = (query: string) => getJson(ctx.app, `/api/tips${query}`, { schema: TipSchema.array() });
const titles = (res: { body: Tip[] }) => res.body.map((t) => t.title);

describe("GET /api/tips", () => {
  it("lists public tips only, newest first, 20 by default, with the total", async () => {
    const res = await list("");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(20);
    expect(res.headers.get("x-total-count")).toBe("34");
    const dates = res.body.map((t) => Date.parse(t.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(res.body.every((t) => t.availability === "Public")).toBe(true);
    expect(res.body[0]).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      plantType: expect.any(String),
      difficulty: expect.any(String),
      description: expect.any(String),
      images: "http://localhost/images/default-plant.svg",
      category: expect.any(String),
      name: expect.any(String),
      totalLiked: expect.any(Number),
    });
    // Members' tips, read by anyone else: without the author's e-mail.
    expect(res.body[0]).not.toHaveProperty("email");
  });

  it("gives the home page's trending tips: public, by likes then newest, six of them", async () => {
    const res = await list("?availability=Public&sort=likes&limit=6");
    expect(titles(res).slice(0, 2)).toEqual(["Brewing compost tea", "Pruning apple trees in winter"]);
    expect(res.body).toHaveLength(6);
    const likes = res.body.map((t) => t.totalLiked);
    expect([...likes].sort((a, b) => b - a)).toEqual(likes);
    expect(titles(res)).not.toContain("Secret hidden mulch trick");
    // The spec's own call works too.
    const spec = await list("?availability=Public&limit=6");
    expect(spec.status).toBe(200);
    expect(spec.body).toHaveLength(6);
  });

  it("filters by difficulty and category, and combines them", async () => {
    expect(titles(await list("?difficulty=Hard"))).toEqual(["Pruning apple trees in winter"]);
    const medium = await list("?difficulty=Medium");
    expect(titles(medium).sort()).toEqual(["100% organic_feed", "Brewing compost tea"]);
    expect(medium.headers.get("x-total-count")).toBe("2");
    expect(titles(await list("?category=Composting&difficulty=Medium"))).toEqual(["Brewing compost tea"]);
    expect(titles(await list("?category=Composting&difficulty=Hard"))).toEqual([]);
    expect(titles(await list(`?category=${encodeURIComponent("Soil & Composting")}`))).toEqual([]);
  });

  it("searches title, plant type, category and author name, case-insensitively", async () => {
    expect(titles(await list("?q=COMPOST"))).toEqual(["Brewing compost tea"]);
    // Alice Apple's 32 public tips by author name, and Bob's apple trees by title.
    expect((await list("?q=apple")).headers.get("x-total-count")).toBe("33");
    expect(titles(await list("?q=bob%20basil&sort=title"))).toEqual([
      "Brewing compost tea",
      "Pruning apple trees in winter",
    ]);
    expect(titles(await list("?q=trees"))).toEqual(["Pruning apple trees in winter"]);
    expect(titles(await list("?q=herbs"))).toEqual(["100% organic_feed"]);
    // % and _ are searched for literally.
    expect(titles(await list("?q=100%25"))).toEqual(["100% organic_feed"]);
    expect(titles(await list("?q=c__feed"))).toEqual([]);
    expect(titles(await list("?q=%25"))).toEqual(["100% organic_feed"]);
    const searched = await list("?q=tip&difficulty=Easy&limit=5");
    expect(searched.body).toHaveLength(5);
    expect(searched.headers.get("x-total-count")).toBe("31");
  });

  it("never shows hidden or private tips to the public, not even by search", async () => {
    for (const query of [
      "?limit=100",
      "?q=secret",
      "?q=private",
      "?sort=likes",
      "?category=Other",
      "?q=mulch",
    ]) {
      const res = await list(query);
      expect(titles(res), query).not.toContain("Secret hidden mulch trick");
      expect(titles(res), query).not.toContain("Private seed list");
    }
  });

  it("sorts oldest first, by likes and by title", async () => {
    expect(titles(await list("?sort=oldest&limit=2"))).toEqual(["Tip number 01", "Tip number 02"]);
    // Alphabetical ignores case: "an early twin tip" comes before "Brewing compost tea".
    const byTitle = titles(await list("?sort=title&limit=100"));
    expect(byTitle.slice(0, 3)).toEqual(["100% organic_feed", "an early twin tip", "Brewing compost tea"]);
    expect(byTitle).toEqual([...byTitle].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
  });

  it.each(["newest", "oldest", "likes", "title"])(
    "pages with the cursor through every tip exactly once (sort=%s)",
    async (sort) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 20; pages++) {
        const res = await list(`?sort=${sort}&limit=7${cursor ? `&cursor=${cursor}` : ""}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("x-total-count")).toBe("34");
        seen.push(...res.body.map((t) => t._id));
        cursor = res.headers.get("x-next-cursor");
        if (!cursor) break;
      }
      expect(seen).toHaveLength(34);
      expect(new Set(seen).size).toBe(34);
      const all = await list(`?sort=${sort}&limit=100`);
      expect(seen).toEqual(all.body.map((t) => t._id));
    },
  );

  it("pages with offset too", async () => {
    const first = await list("?limit=10&offset=0");
    const second = await list("?limit=10&offset=10");
    expect(new Set([...first.body, ...second.body].map((t) => t._id)).size).toBe(20);
    expect((await list("?offset=1000")).body).toEqual([]);
  });

  it.each([
    ["difficulty=Impossible", "difficulty"],
    ["category=Cacti", "category"],
    ["sort=random", "sort"],
    ["limit=-1", "limit"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["offset=-3", "offset"],
    ["availability=Secret", "availability"],
    ["availability=Hidden", "availability"],
    ["availability=Private", "availability"],
    ["cursor=not-a-cursor", "cursor"],
    [`cursor=${Buffer.from('{"s":"newest","i":"x"}').toString("base64url")}`, "cursor"],
    [`q=${"a".repeat(101)}`, "q"],
    ["email=not-an-email", "email"],
    ["q=a%00b", "q"],
    ...[
      { s: "newest", i: "00000000-0000-4000-8000-000000000001", c: "hello 2020" },
      { s: "newest", i: "00000000-0000-4000-8000-000000000001", c: "+275760-09-13T00:00:00.000Z" },
      { s: "newest", i: "00000000-0000-4000-8000-000000000001", c: "2026-02-31T00:00:00.000000Z" },
      { s: "newest", i: "00000000-0000-4000-8000-000000000001" },
      { s: "likes", i: "00000000-0000-4000-8000-000000000001", c: "2026-01-01T00:00:00Z", l: 3e9 },
      { s: "likes", i: "00000000-0000-4000-8000-000000000001", c: "2026-01-01T00:00:00Z", l: 1.5 },
    ].map((cursor) => [`cursor=${Buffer.from(JSON.stringify(cursor)).toString("base64url")}`, "cursor"]),
    [
      `sort=title&cursor=${Buffer.from(JSON.stringify({ s: "title", i: "00000000-0000-4000-8000-000000000001", t: "a\u0000" })).toString("base64url")}`,
      "cursor",
    ],
  ])("answers ?%s with a 400 naming %s", async (query, field) => {
    const res = await getJson(ctx.app, `/api/tips?${query}`, { schema: ApiErrorSchema });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect(res.body.issues?.map((issue) => issue.path)).toContain(field);
  });

  it("refuses a cursor made for another sort order", async () => {
    const cursor = (await list("?sort=newest&limit=2")).headers.get("x-next-cursor");
    const res = await getJson(ctx.app, `/api/tips?sort=likes&cursor=${cursor}`, { schema: ApiErrorSchema });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/cursor/);
  });
});

describe("GET /api/tips?email= (one's own tips only)", () => {
  it("lists the signed-in user's own tips of every availability", async () => {
    const alice = createClient(ctx.app);
    const signIn = await alice.post("/api/auth/sign-in/email", { email: ALICE, password: "Sunflower7" });
    expect(signIn.status).toBe(200);
    const res = await alice.get(`/api/tips?email=${ALICE}&limit=100`, { schema: TipSchema.array() });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("34");
    const availabilities = new Set(res.body.map((t) => t.availability));
    expect(availabilities).toEqual(new Set(["Public", "Hidden", "Private"]));
    expect(res.body.every((t) => t.email === ALICE)).toBe(true);
    const hidden = await alice.get(`/api/tips?email=${ALICE.toUpperCase()}&availability=Hidden`, {
      schema: TipSchema.array(),
    });
    expect(hidden.body.map((t) => t.title)).toEqual(["Secret hidden mulch trick"]);
  });

  it("answers 403 to a visitor and to another user", async () => {
    const visitor = await getJson(ctx.app, `/api/tips?email=${ALICE}`);
    expect(visitor.status).toBe(403);
    const other = createClient(ctx.app);
    expect((await other.post("/api/auth/sign-up/email", newAccount())).status).toBe(200);
    const res = await other.get(`/api/tips?email=${ALICE}`, { schema: ApiErrorSchema });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/own tips/);
  });
});

describe("GET /api/tips/{id}", () => {
  async function idOf(title: string) {
    const [row] = (await ctx.db.select().from(tips)).filter((t) => t.title === title);
    return row?.id ?? "";
  }

  it("answers a public tip to anyone", async () => {
    const id = await idOf("Brewing compost tea");
    const res = await getJson(ctx.app, `/api/tips/${id}`, { schema: TipSchema });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: id,
      title: "Brewing compost tea",
      name: "Bob Basil",
      totalLiked: 50,
    });
    expect(JSON.stringify(res.body)).not.toContain(BOB);
  });

  it("answers 404 for unknown and malformed ids", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", "1", "%27%20OR%201%3D1"]) {
      const res = await getJson(ctx.app, `/api/tips/${id}`, { schema: ApiErrorSchema });
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe("Tip not found");
    }
  });

  it("answers 404 for a hidden or private tip to all but its author", async () => {
    const hidden = await idOf("Secret hidden mulch trick");
    const priv = await idOf("Private seed list");
    const stranger = createClient(ctx.app);
    await stranger.post("/api/auth/sign-up/email", newAccount());
    for (const id of [hidden, priv]) {
      expect((await getJson(ctx.app, `/api/tips/${id}`)).status).toBe(404);
      expect((await stranger.get(`/api/tips/${id}`)).status).toBe(404);
    }
    const alice = createClient(ctx.app);
    expect(
      (await alice.post("/api/auth/sign-in/email", { email: ALICE, password: "Sunflower7" })).status,
    ).toBe(200);
    expect((await alice.get(`/api/tips/${hidden}`, { schema: TipSchema })).body.title).toBe(
      "Secret hidden mulch trick",
    );
    expect((await alice.get(`/api/tips/${priv}`, { schema: TipSchema })).body.title).toBe(
      "Private seed list",
    );
  });
});

/** `explain` answers one text column per line of the plan. */
const ExplainSchema = z.object({ rows: z.array(z.record(z.string(), z.string())) });

describe("query plans", () => {
  /** The plan PostgreSQL picks when a table scan is priced out, as it is on a large table. */
  async function planOf(query: string, ownerId?: string) {
    const parsed = TipListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const { page } = listTipsQueries(ctx.db, parsed, { ownerId });
    return ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = ExplainSchema.parse(await tx.execute(sql`explain ${page}`));
      return result.rows.map((row) => Object.values(row)[0]).join("\n");
    });
  }

  it.each([
    ["sort=newest", "tips_availability_created_idx"],
    ["sort=oldest", "tips_availability_created_idx"],
    ["sort=likes&limit=6", "tips_availability_liked_idx"],
    ["sort=title", "tips_availability_title_idx"],
  ])("reads ?%s in order from %s, with no sort step", async (query, index) => {
    const first = await planOf(query);
    expect(first).toContain(index);
    expect(first).not.toMatch(/\bSort\b/);
    // The next page starts inside the same index.
    const sort = query.replace(/&limit=\d+/, "");
    const cursor = (await list(`?${sort}&limit=3`)).headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const next = await planOf(`${sort}&cursor=${cursor}`);
    expect(next).toContain(index);
    expect(next).not.toMatch(/\bSort\b/);
  });

  it("reads an author's own tips, newest first, from the author index", async () => {
    const [alice] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, ALICE));
    const plan = await planOf("sort=newest", alice?.id);
    expect(plan).toContain("tips_author_created_idx");
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
