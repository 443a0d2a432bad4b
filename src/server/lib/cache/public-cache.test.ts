import { brotliDecompressSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GardenerSchema } from "#shared/schemas/gardener.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { gardeners, tips, users } from "../../db/schema.ts";
import { createClient, newAccount, type TestClient } from "../../test/http-client.ts";
import { confirmEmail } from "../../test/members.ts";
import { createTestApp } from "../../test/test-db.ts";

/** Public answers are reused until a write makes them stale, and never served stale (ADR 022). */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let author: TestClient;
let visitor: TestClient;
const word = `cache${Date.now().toString(36)}`;

const tipBody = (title: string, availability = "Public") => ({
  title,
  plantType: "Kale",
  difficulty: "Easy",
  description: "Pick the lower leaves first.",
  category: "Vegetables",
  availability,
});

beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
  author = createClient(ctx.app);
  const account = newAccount({ name: "Cache Author" });
  await author.post("/api/auth/sign-up/email", account);
  // It shares many public tips, which waits for a confirmed e-mail.
  await confirmEmail(ctx, author, account.email);
  visitor = createClient(ctx.app);
});
afterAll(async () => {
  await ctx.close();
});

const titles = async (client: TestClient, query = `q=${word}`) =>
  (await client.get(`/api/tips?${query}`, { schema: TipSchema.array() })).body.map((tip) => tip.title);

describe("the public answer cache", () => {
  it("reuses a public list, with an ETag and no-cache, and answers 304 to a client that has it", async () => {
    await author.post("/api/tips", tipBody(`First ${word}`));
    const first = await visitor.get(`/api/tips?q=${word}`);
    expect(ctx.publicCache.size).toBeGreaterThan(0);
    const second = await visitor.get(`/api/tips?q=${word}`);
    expect(second.text).toBe(first.text);
    const etag = second.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("etag")).toBe(etag);
    expect(second.headers.get("cache-control")).toBe("no-cache");
    expect(second.headers.get("x-total-count")).toBe("1");
    // Every header the app sets is there on a reused answer too.
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(second.headers.get("content-security-policy")).toContain("default-src 'self'");

    const revalidated = await ctx.app.request(`http://localhost/api/tips?q=${word}`, {
      headers: { "If-None-Match": etag ?? "" },
    });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(etag);
  });

  it("keeps its answers through refused writes: no session, someone else's tip, a bad body, a wrong page", async () => {
    const own = await author.post("/api/tips", tipBody(`Kept ${word}`), { schema: TipSchema });
    const other = createClient(ctx.app);
    await other.post("/api/auth/sign-up/email", newAccount({ name: "Cache Other" }));
    const before = await visitor.get(`/api/tips?q=${word}`);
    const generation = ctx.publicCache.generation;
    const refused = [
      await visitor.post("/api/tips", tipBody(`Sneaky ${word}`)),
      await other.put(`/api/tips/${own.body._id}`, tipBody(`Taken ${word}`)),
      await other.delete(`/api/tips/${own.body._id}`),
      await author.post("/api/tips", { title: "x" }),
      await visitor.post("/api/auth/sign-in/email", { email: "nobody@example.com", password: "Wrong123" }),
      await visitor.post("/", {}),
    ];
    expect(refused.map((res) => res.status)).toEqual([401, 403, 403, 400, 401, 404]);
    expect(ctx.publicCache.generation).toBe(generation);
    const after = await visitor.get(`/api/tips?q=${word}`);
    expect(after.headers.get("etag")).toBe(before.headers.get("etag"));
    // A write that went through still empties it at once.
    await author.delete(`/api/tips/${own.body._id}`);
    expect(ctx.publicCache.generation).not.toBe(generation);
    expect(await titles(visitor)).not.toContain(`Kept ${word}`);
  });

  it("is never stale: a share, an update, a like, a hide and a delete each show on the next read", async () => {
    const shared = await author.post("/api/tips", tipBody(`Second ${word}`), { schema: TipSchema });
    expect(await titles(visitor)).toEqual([`Second ${word}`, `First ${word}`]);

    await author.put(`/api/tips/${shared.body._id}`, tipBody(`Renamed ${word}`));
    expect(await titles(visitor)).toContain(`Renamed ${word}`);
    expect((await visitor.get(`/api/tips/${shared.body._id}`, { schema: TipSchema })).body.title).toBe(
      `Renamed ${word}`,
    );

    await author.post(`/api/tips/${shared.body._id}/like`);
    expect(await titles(visitor, `q=${word}&sort=likes`)).toEqual([`Renamed ${word}`, `First ${word}`]);
    expect((await visitor.get(`/api/tips/${shared.body._id}`, { schema: TipSchema })).body.totalLiked).toBe(
      1,
    );

    await author.put(`/api/tips/${shared.body._id}`, tipBody(`Renamed ${word}`, "Hidden"));
    expect(await titles(visitor)).toEqual([`First ${word}`]);
    expect((await visitor.get(`/api/tips/${shared.body._id}`)).status).toBe(404);

    await author.delete(`/api/tips/${shared.body._id}`);
    expect(await titles(visitor)).toEqual([`First ${word}`]);
  });

  it("is never stale after a change made straight in the database (as another instance would)", async () => {
    const before = await visitor.get("/api/gardeners?limit=100", { schema: GardenerSchema.array() });
    await ctx.db.insert(gardeners).values({ name: `Gardener ${word}`, email: `${word}@example.com` });
    const after = await visitor.get("/api/gardeners?limit=100", { schema: GardenerSchema.array() });
    expect(after.body.length).toBe(before.body.length + 1);

    // A new display name reaches the author's tips through a trigger: the cached list follows.
    const [me] = await ctx.db.select().from(users).where(eq(users.name, "Cache Author"));
    await ctx.db
      .update(users)
      .set({ name: "Renamed Author" })
      .where(eq(users.id, me?.id ?? ""));
    const list = await visitor.get(`/api/tips?q=${word}`, { schema: TipSchema.array() });
    expect(list.body.map((tip) => tip.name)).toEqual(["Renamed Author"]);
    await ctx.db.delete(tips).where(eq(tips.authorId, me?.id ?? ""));
    expect(await titles(visitor)).toEqual([]);
  });

  it("never gives a visitor's answer to a signed-in caller, nor theirs to a visitor", async () => {
    const tip = await author.post("/api/tips", tipBody(`Liked ${word}`), { schema: TipSchema });
    await author.post(`/api/tips/${tip.body._id}/like`);
    const asVisitor = await visitor.get(`/api/tips/${tip.body._id}`, { schema: TipSchema });
    expect(asVisitor.body.likedByMe).toBeUndefined();
    expect(asVisitor.headers.get("vary")).toContain("Cookie");
    const asAuthor = await author.get(`/api/tips/${tip.body._id}`, { schema: TipSchema });
    expect(asAuthor.body.likedByMe).toBe(true);
    const again = await visitor.get(`/api/tips/${tip.body._id}`, { schema: TipSchema });
    expect(again.body.likedByMe).toBeUndefined();
    // The signed-in caller's own answer is private: kept for them alone (ADR 034), never by a shared cache.
    expect(asAuthor.headers.get("cache-control")).toBe("private, no-cache");
    expect(ctx.publicCache.get(`/api/tips/${tip.body._id}`, true)?.scope).not.toBe("member");
  });

  it("keeps private answers out: one's own list by e-mail, the dashboard", async () => {
    const account = newAccount();
    const me = createClient(ctx.app);
    await me.post("/api/auth/sign-up/email", account);
    const own = await me.get(`/api/tips?email=${account.email}`);
    expect(own.headers.get("cache-control")).toBe("private, no-cache");
    expect(ctx.publicCache.get(`/api/tips?email=${account.email}`, true)).toBeUndefined();
    expect(ctx.publicCache.get(`/api/tips?email=${account.email}`, false)).toBeUndefined();
    expect((await me.get("/api/dashboard/stats")).headers.get("cache-control")).toBe("private, no-cache");
    expect(ctx.publicCache.get("/api/dashboard/stats", true)).toBeUndefined();
  });

  it("sends a large answer compressed when asked, the same JSON once decompressed", async () => {
    for (let i = 0; i < 8; i++) await author.post("/api/tips", tipBody(`Bulk ${i} ${word}`));
    const plain = await ctx.app.request("http://localhost/api/tips?limit=50");
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    const compressed = await ctx.app.request("http://localhost/api/tips?limit=50", {
      headers: { "Accept-Encoding": "gzip, deflate, br" },
    });
    expect(compressed.headers.get("content-encoding")).toBe("br");
    expect(compressed.headers.get("vary")).toContain("Accept-Encoding");
    const bytes = Buffer.from(await compressed.arrayBuffer());
    expect(bytes.length).toBeLessThan(text.length);
    expect(brotliDecompressSync(bytes).toString()).toBe(text);
  });

  it("sends an answer it does not keep compressed as well, with its ETag, the same JSON once decompressed", async () => {
    // The API's document is built for each request and never kept.
    const path = "http://localhost/api/openapi.json";
    const plain = await ctx.app.request(path);
    const text = await plain.text();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(text.length).toBeGreaterThan(1024);
    expect(ctx.publicCache.get("/api/openapi.json", false)).toBeUndefined();
    const compressed = await ctx.app.request(path, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(compressed.status).toBe(200);
    expect(compressed.headers.get("content-encoding")).toBe("br");
    expect(compressed.headers.get("vary")).toContain("Accept-Encoding");
    expect(brotliDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString()).toBe(text);
    const etag = compressed.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    expect((await ctx.app.request(path, { headers: { "If-None-Match": etag } })).status).toBe(304);
  });
});
