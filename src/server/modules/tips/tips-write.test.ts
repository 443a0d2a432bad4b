import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { tips, users } from "../../db/schema.ts";
import { createClient, newAccount, type TestClient } from "../../test/http-client.ts";
import { confirmEmail } from "../../test/members.ts";
import { createTestApp } from "../../test/test-db.ts";
import { isLikedBy, setLike } from "./tip-likes.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let author: TestClient;
let other: TestClient;
let visitor: TestClient;
let authorAccount: ReturnType<typeof newAccount>;

const validTip = {
  title: "Mulch after rain",
  plantType: "Roses",
  difficulty: "Easy",
  description: "Spread mulch after a good rain so the moisture is locked in.",
  images: "https://images.example.com/mulch.png",
  category: "Soil & Composting",
  availability: "Public",
};

/** A member who shares many public tips: signed up, with the e-mail confirmed as its owner would. */
async function signedIn(account = newAccount()) {
  const client = createClient(ctx.app);
  const res = await client.post("/api/auth/sign-up/email", account);
  expect(res.status).toBe(200);
  await confirmEmail(ctx, client, account.email);
  return client;
}

beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
  authorAccount = newAccount({ name: "Author Ana" });
  author = await signedIn(authorAccount);
  other = await signedIn();
  visitor = createClient(ctx.app);
});
afterAll(async () => {
  await ctx.close();
});

async function share(body: Record<string, unknown> = validTip, as = author) {
  const res = await as.post("/api/tips", body, { schema: TipSchema });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe("POST /api/tips", () => {
  it("stores every tip of many members sharing at once, each answered with their own tip", async () => {
    const word = `quince${Date.now()}`;
    const members = await Promise.all(
      Array.from({ length: 30 }, (_, index) => newAccount({ name: `Sharer ${index}` })).map(
        async (account) => ({
          account,
          client: await signedIn(account),
        }),
      ),
    );
    const answers = await Promise.all(
      members.map(({ client }, index) =>
        client.post("/api/tips", { ...validTip, title: `${word} number ${index}` }, { schema: TipSchema }),
      ),
    );
    answers.forEach((answer, index) => {
      expect(answer.status).toBe(201);
      expect(answer.body.title).toBe(`${word} number ${index}`);
      expect(answer.body.email).toBe(members[index]?.account.email);
    });
    const found = await visitor.get(`/api/tips?q=${word}&limit=50`, { schema: TipSchema.array() });
    expect(found.headers.get("x-total-count")).toBe("30");
    expect(new Set(found.body.map((tip) => tip._id))).toEqual(new Set(answers.map((a) => a.body._id)));
  }, 60_000);

  it("creates a tip with the author from the session, 0 likes and a server time", async () => {
    const before = Date.now();
    const tip = await share();
    expect(tip).toMatchObject({ ...validTip, name: "Author Ana", email: authorAccount.email, totalLiked: 0 });
    expect(Date.parse(tip.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await visitor.get(`/api/tips/${tip._id}`, { schema: TipSchema })).body.title).toBe(
      validTip.title,
    );
  });

  it("ignores every field a body may not set", async () => {
    const tip = await share({
      ...validTip,
      _id: "00000000-0000-4000-8000-000000000001",
      name: "Mallory",
      email: "mallory@example.com",
      totalLiked: 999,
      createdAt: "1999-01-01T00:00:00.000Z",
      isAdmin: true,
    });
    expect(tip._id).not.toBe("00000000-0000-4000-8000-000000000001");
    expect(tip).toMatchObject({ name: "Author Ana", email: authorAccount.email, totalLiked: 0 });
    expect(tip.createdAt.startsWith("1999")).toBe(false);
  });

  it("defaults availability to Public and a missing image to the default plant image", async () => {
    const { images, availability, ...rest } = validTip;
    const tip = await share({ ...rest, availability: "" });
    expect(tip.availability).toBe("Public");
    expect(tip.images).toBe("http://localhost/images/default-plant.svg");
  });

  it("answers 401 to a visitor and stores nothing", async () => {
    const count = (await ctx.db.select().from(tips)).length;
    const res = await visitor.post("/api/tips", validTip);
    expect(res.status).toBe(401);
    expect((await ctx.db.select().from(tips)).length).toBe(count);
  });

  it.each([
    ["title", "ab", /at least 3/],
    ["title", "x".repeat(121), /at most 120/],
    ["title", "   ", /required/],
    ["plantType", "x", /at least 2/],
    ["plantType", "x".repeat(61), /at most 60/],
    ["description", "too short", /at least 10/],
    ["description", "x".repeat(5001), /at most 5000/],
    ["difficulty", "Trivial", /Difficulty/],
    ["category", "Cacti", /category/i],
    ["availability", "Secret", /Availability/],
    ["images", "javascript:alert(1)", /http\(s\) URL/],
    ["images", "ftp://example.com/a.png", /http\(s\) URL/],
    ["images", `https://example.com/${"a".repeat(2048)}`, /2048/],
    ["images", "https://example.com/my garden.jpg", /without spaces/],
    ["images", 'https://example.com/a"onerror="x.jpg', /quotes/],
    ["images", "https://example.com/it's.jpg", /quotes/],
    ["images", "https://example.com/<b>.jpg", /brackets/],
    ["images", "https://example.com/50%off.jpg", /%20/],
  ])("refuses %s=%j with a 400 naming the field, and stores nothing", async (field, value, message) => {
    const count = (await ctx.db.select().from(tips)).length;
    const res = await author.post("/api/tips", { ...validTip, [field]: value }, { schema: ApiErrorSchema });
    expect(res.status).toBe(400);
    const issue = res.body.issues?.find((i) => i.path === field);
    expect(issue?.message).toMatch(message);
    expect(res.body.message).toContain(field);
    expect((await ctx.db.select().from(tips)).length).toBe(count);
  });

  it("names every missing field at once", async () => {
    const res = await author.post("/api/tips", {}, { schema: ApiErrorSchema });
    expect(res.status).toBe(400);
    const paths = res.body.issues?.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(["title", "plantType", "difficulty", "description", "category"]),
    );
  });

  it("answers malformed JSON with a 400", async () => {
    const res = await ctx.app.request("http://localhost/api/tips", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: "http://localhost",
        Cookie: (await loginCookie()) ?? "",
      },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(ApiErrorSchema.parse(await res.json()).message).toMatch(/json/i);
  });
});

async function loginCookie() {
  const res = await ctx.app.request("http://localhost/api/auth/sign-in/email", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "http://localhost" },
    body: JSON.stringify({ email: authorAccount.email, password: authorAccount.password }),
  });
  return res.headers.getSetCookie()[0]?.split(";")[0];
}

describe("PUT and DELETE /api/tips/{id}: visitor, another user, author", () => {
  it("only the author may update; an update never creates a tip", async () => {
    const tip = await share();
    const update = { ...validTip, title: "Mulch after heavy rain", availability: "Hidden" };
    expect((await visitor.put(`/api/tips/${tip._id}`, update)).status).toBe(401);
    expect((await other.put(`/api/tips/${tip._id}`, update)).status).toBe(403);
    expect((await visitor.get(`/api/tips/${tip._id}`, { schema: TipSchema })).body.title).toBe(
      validTip.title,
    );

    const res = await author.put(
      `/api/tips/${tip._id}`,
      { ...update, email: "x@example.com", name: "X", totalLiked: 50 },
      { schema: TipSchema },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Mulch after heavy rain",
      availability: "Hidden",
      email: authorAccount.email,
      name: "Author Ana",
      totalLiked: 0,
    });
    expect(res.body.createdAt).toBe(tip.createdAt);
    // Now hidden: invisible to others, who still may not change it (anyone but the author gets 403).
    expect((await visitor.get(`/api/tips/${tip._id}`)).status).toBe(404);
    expect((await other.put(`/api/tips/${tip._id}`, update)).status).toBe(403);
    expect((await other.delete(`/api/tips/${tip._id}`)).status).toBe(403);
    expect((await author.get(`/api/tips/${tip._id}`, { schema: TipSchema })).body.title).toBe(
      "Mulch after heavy rain",
    );

    const missing = await author.put("/api/tips/00000000-0000-4000-8000-00000000abcd", update);
    expect(missing.status).toBe(404);
    const rows = await ctx.db.select().from(tips).where(eq(tips.id, "00000000-0000-4000-8000-00000000abcd"));
    expect(rows).toHaveLength(0);
    expect((await author.put("/api/tips/not-an-id", update)).status).toBe(404);
  });

  it("ignores the read-only fields of a full tip sent back, and keeps the availability when none is sent", async () => {
    const tip = await share({ ...validTip, availability: "Hidden" });
    const { availability: _availability, ...withoutAvailability } = validTip;
    const res = await author.put(`/api/tips/${tip._id}`, {
      ...tip,
      ...withoutAvailability,
      availability: undefined,
      title: "Shade cloth for lettuce in July",
      _id: "00000000-0000-4000-8000-000000000001",
      createdAt: "2001-01-01T00:00:00.000Z",
      likedByMe: true,
      isAdmin: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: tip._id,
      title: "Shade cloth for lettuce in July",
      availability: "Hidden",
      createdAt: tip.createdAt,
      totalLiked: 0,
    });
    expect(res.body).not.toHaveProperty("isAdmin");
    expect((await visitor.get(`/api/tips/${tip._id}`)).status).toBe(404);
    const rows = await ctx.db.select().from(tips).where(eq(tips.id, "00000000-0000-4000-8000-000000000001"));
    expect(rows).toHaveLength(0);
  });

  it("names every missing field of a partial update", async () => {
    const tip = await share();
    const res = await author.put(
      `/api/tips/${tip._id}`,
      { title: "Only a title here" },
      { schema: ApiErrorSchema },
    );
    expect(res.status).toBe(400);
    const paths = res.body.issues?.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(["plantType", "difficulty", "description", "category"]));
  });

  it("refuses an invalid update and keeps the tip as it was", async () => {
    const tip = await share();
    const res = await author.put(`/api/tips/${tip._id}`, { ...validTip, title: "x" });
    expect(res.status).toBe(400);
    expect((await author.get(`/api/tips/${tip._id}`, { schema: TipSchema })).body.title).toBe(validTip.title);
  });

  it("only the author may delete", async () => {
    const tip = await share();
    expect((await visitor.delete(`/api/tips/${tip._id}`)).status).toBe(401);
    expect((await other.delete(`/api/tips/${tip._id}`)).status).toBe(403);
    expect((await visitor.get(`/api/tips/${tip._id}`)).status).toBe(200);
    expect((await author.delete(`/api/tips/${tip._id}`)).status).toBe(204);
    expect((await visitor.get(`/api/tips/${tip._id}`)).status).toBe(404);
    expect((await author.delete(`/api/tips/${tip._id}`)).status).toBe(404);
  });
});

describe("a visitor's writes", () => {
  it("answer 401 before the body is read, each with its sign-in message", async () => {
    const tip = await share();
    const invalid = { title: "x", category: "Cacti" };
    const answers = [
      await visitor.post("/api/tips", invalid, { schema: ApiErrorSchema }),
      await visitor.put(`/api/tips/${tip._id}`, invalid, { schema: ApiErrorSchema }),
      await visitor.delete(`/api/tips/${tip._id}`, { schema: ApiErrorSchema }),
      await visitor.post(`/api/tips/${tip._id}/like`, {}, { schema: ApiErrorSchema }),
      await visitor.delete(`/api/tips/${tip._id}/like`, { schema: ApiErrorSchema }),
    ];
    expect(answers.map((res) => [res.status, res.body.message])).toEqual([
      [401, "Sign in to share a tip"],
      [401, "Sign in first"],
      [401, "Sign in first"],
      [401, "Sign in first"],
      [401, "Sign in first"],
    ]);
  });
});

describe("likes", () => {
  it("toggles idempotently, is remembered, and shows as likedByMe", async () => {
    const tip = await share();
    expect((await visitor.post(`/api/tips/${tip._id}/like`)).status).toBe(401);

    expect((await other.post(`/api/tips/${tip._id}/like`)).body).toEqual({ liked: true, totalLiked: 1 });
    expect((await other.post(`/api/tips/${tip._id}/like`)).body).toEqual({ liked: true, totalLiked: 1 });
    expect((await other.get(`/api/tips/${tip._id}`)).body).toMatchObject({ likedByMe: true, totalLiked: 1 });
    expect((await author.get(`/api/tips/${tip._id}`)).body).toMatchObject({
      likedByMe: false,
      totalLiked: 1,
    });
    expect((await visitor.get(`/api/tips/${tip._id}`)).body).not.toHaveProperty("likedByMe");

    expect((await other.delete(`/api/tips/${tip._id}/like`)).body).toEqual({ liked: false, totalLiked: 0 });
    expect((await other.delete(`/api/tips/${tip._id}/like`)).body).toEqual({ liked: false, totalLiked: 0 });
  });

  it("counts 50 concurrent likes by 50 users exactly", async () => {
    const tip = await share();
    const users = await Promise.all(Array.from({ length: 50 }, () => signedIn()));
    const results = await Promise.all(users.map((u) => u.post(`/api/tips/${tip._id}/like`)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await visitor.get(`/api/tips/${tip._id}`, { schema: TipSchema })).body.totalLiked).toBe(50);
    // Everyone liking again, concurrently, changes nothing.
    await Promise.all(users.map((u) => u.post(`/api/tips/${tip._id}/like`)));
    expect((await visitor.get(`/api/tips/${tip._id}`, { schema: TipSchema })).body.totalLiked).toBe(50);
  }, 60_000);

  it("counts likes and unlikes by many users at once exactly, each answer the caller's own like", async () => {
    const tip = await share();
    const users = await Promise.all(Array.from({ length: 30 }, () => signedIn()));
    await Promise.all(users.map((u) => u.post(`/api/tips/${tip._id}/like`)));
    // A third stop liking it while the others tap like again, all at once.
    const leaving = users.slice(0, 10);
    const results = await Promise.all([
      ...leaving.map((u) => u.delete(`/api/tips/${tip._id}/like`)),
      ...users.slice(10).map((u) => u.post(`/api/tips/${tip._id}/like`)),
    ]);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(results.slice(0, 10).every((r) => (r.body as { liked: boolean }).liked === false)).toBe(true);
    expect(results.slice(10).every((r) => (r.body as { liked: boolean }).liked === true)).toBe(true);
    expect((await visitor.get(`/api/tips/${tip._id}`, { schema: TipSchema })).body.totalLiked).toBe(20);
  }, 60_000);

  it("counts one member's taps at once as one like, each tap answered with it", async () => {
    const tip = await share();
    const member = await signedIn();
    const likes = await Promise.all(
      Array.from({ length: 20 }, () => member.post(`/api/tips/${tip._id}/like`)),
    );
    expect(likes.map((r) => r.status)).toEqual(likes.map(() => 200));
    expect(likes.map((r) => r.body)).toEqual(likes.map(() => ({ liked: true, totalLiked: 1 })));
    const unlikes = await Promise.all(
      Array.from({ length: 20 }, () => member.delete(`/api/tips/${tip._id}/like`)),
    );
    expect(unlikes.map((r) => r.body)).toEqual(unlikes.map(() => ({ liked: false, totalLiked: 0 })));
    expect((await visitor.get(`/api/tips/${tip._id}`, { schema: TipSchema })).body.totalLiked).toBe(0);
  }, 60_000);

  it("keeps the order of one member's likes and unlikes given at the same moment", async () => {
    const tip = await share();
    const member = newAccount();
    await signedIn(member);
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, member.email));
    const userId = user?.id ?? "";
    // Given in one go: the first is written at once, the rest together while it is.
    const taps = [true, true, false, true, true, false, false, true];
    const answers = await Promise.all(taps.map((liked) => setLike(ctx.db, tip._id, userId, liked)));
    expect(answers).toEqual(taps.map((liked) => ({ liked, totalLiked: liked ? 1 : 0 })));
    expect(await isLikedBy(ctx.db, tip._id, userId)).toBe(true);
    expect((await visitor.get(`/api/tips/${tip._id}`, { schema: TipSchema })).body.totalLiked).toBe(1);
  }, 60_000);

  it("answers likes racing the tip's deletion with 200 or 404, never an error, and leaves no like behind", async () => {
    const tip = await share();
    const users = await Promise.all(Array.from({ length: 20 }, () => signedIn()));
    const [deleted, ...likes] = await Promise.all([
      author.delete(`/api/tips/${tip._id}`),
      ...users.map((u) => u.post(`/api/tips/${tip._id}/like`)),
    ]);
    expect(deleted?.status).toBe(204);
    for (const like of likes) expect([200, 404]).toContain(like.status);
    expect((await visitor.get(`/api/tips/${tip._id}`)).status).toBe(404);
    expect((await users[0]?.post(`/api/tips/${tip._id}/like`))?.status).toBe(404);
  }, 60_000);

  it("cannot like a tip hidden from the caller", async () => {
    const tip = await share({ ...validTip, availability: "Private" });
    expect((await other.post(`/api/tips/${tip._id}/like`)).status).toBe(404);
    expect((await author.post(`/api/tips/${tip._id}/like`)).body).toEqual({ liked: true, totalLiked: 1 });
  });
});

describe("hidden tips stay hidden", () => {
  it("from lists, search and by id, for everyone but the author", async () => {
    const tip = await share({ ...validTip, title: "Zebra striped hidden heirloom", availability: "Hidden" });
    for (const client of [visitor, other]) {
      expect((await client.get(`/api/tips/${tip._id}`)).status).toBe(404);
      expect((await client.get("/api/tips?q=zebra", { schema: TipSchema.array() })).body.length).toBe(0);
      expect(
        (await client.get("/api/tips?limit=100", { schema: TipSchema.array() })).body.some(
          (t) => t._id === tip._id,
        ),
      ).toBe(false);
    }
    const own = await author.get(`/api/tips?email=${authorAccount.email}&q=zebra`, {
      schema: TipSchema.array(),
    });
    expect(own.body.map((t) => t._id)).toEqual([tip._id]);
  });
});

describe("searching one's own tips", () => {
  it("matches title, category and plant type, sorts on the server, and never the author's own name", async () => {
    const word = `own${Date.now().toString(36)}`;
    const a = await share({
      ...validTip,
      title: `Apricot fan ${word}`,
      plantType: "Apricot",
      category: "Trees",
    });
    const b = await share({
      ...validTip,
      title: `Basil pots ${word}`,
      plantType: "Basil",
      category: "Herbs",
    });
    const c = await share({
      ...validTip,
      title: `Crocus lawn ${word}`,
      plantType: "Crocus",
      category: "Flowers",
      availability: "Private",
    });
    const own = async (query: string) =>
      (
        await author.get(`/api/tips?email=${authorAccount.email}&${query}`, { schema: TipSchema.array() })
      ).body.map((tip) => tip._id);
    expect(await own(`q=${word}`)).toEqual([c._id, b._id, a._id]);
    expect(await own(`q=${word}&sort=oldest`)).toEqual([a._id, b._id, c._id]);
    expect(await own(`q=${word}&sort=title`)).toEqual([a._id, b._id, c._id]);
    expect(await own("q=HERBS")).toContain(b._id);
    expect(await own("q=crocus")).toEqual([c._id]);
    expect(await own("q=apricot")).toContain(a._id);
    // The author is always oneself: a search for one's own name finds nothing by it.
    const name = authorAccount.name.split(" ").at(-1) ?? authorAccount.name;
    expect(await own(`q=${encodeURIComponent(name)}`)).toEqual([]);
    // Public lists still search author names.
    const publicIds = (
      await visitor.get(`/api/tips?q=${encodeURIComponent(authorAccount.name)}&limit=100`, {
        schema: TipSchema.array(),
      })
    ).body.map((tip) => tip._id);
    expect(publicIds).toEqual(expect.arrayContaining([a._id, b._id]));
    expect(publicIds).not.toContain(c._id);
  });
});

describe("list totals", () => {
  const total = async (query: string) =>
    Number((await visitor.get(`/api/tips${query}`)).headers.get("x-total-count"));

  it("follow every share, change of level, category or visibility, and delete", async () => {
    const queries = ["", "?difficulty=Hard", "?category=Trees", "?difficulty=Hard&category=Trees"];
    const before = await Promise.all(queries.map(total));
    const tip = await share({ ...validTip, difficulty: "Hard", category: "Trees" });
    expect(await Promise.all(queries.map(total))).toEqual(before.map((n) => n + 1));

    await author.put(`/api/tips/${tip._id}`, { ...validTip, difficulty: "Hard", category: "Flowers" });
    const [all = 0, hard = 0, trees = 0, hardTrees = 0] = before;
    expect(await Promise.all(queries.map(total))).toEqual([all + 1, hard + 1, trees, hardTrees]);

    await author.put(`/api/tips/${tip._id}`, { ...validTip, availability: "Private" });
    expect(await Promise.all(queries.map(total))).toEqual(before);

    await author.put(`/api/tips/${tip._id}`, { ...validTip, difficulty: "Hard", category: "Trees" });
    expect(await Promise.all(queries.map(total))).toEqual(before.map((n) => n + 1));
    expect((await author.delete(`/api/tips/${tip._id}`)).status).toBe(204);
    expect(await Promise.all(queries.map(total))).toEqual(before);
  });

  it("agree with counting the tips themselves", async () => {
    const counted = await ctx.db
      .select({ difficulty: tips.difficulty, category: tips.category, n: count() })
      .from(tips)
      .where(eq(tips.availability, "Public"))
      .groupBy(tips.difficulty, tips.category);
    for (const { difficulty, category, n } of counted) {
      expect(await total(`?difficulty=${difficulty}&category=${encodeURIComponent(category)}`)).toBe(n);
    }
    expect(await total("")).toBe(counted.reduce((sum, row) => sum + row.n, 0));
  });
});
