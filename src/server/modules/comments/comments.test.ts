import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Comment, CommentSchema } from "#shared/schemas/comment.ts";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { comments, users } from "../../db/schema.ts";
import { createClient, newTip, type TestClient } from "../../test/http-client.ts";
import { establishedMember, signedInMember } from "../../test/members.ts";
import { createTestApp } from "../../test/test-db.ts";
import { addComment, RepeatedCommentError } from "./comments.service.ts";

// Comments on tips (ADR 060): threads one reply deep, edit windows, deletion that keeps a thread's shape,
// who may read and write, and the count kept on the tip.

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let visitor: TestClient;
beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
  visitor = createClient(ctx.app);
});
afterAll(async () => {
  await ctx.close();
});

const word = () => randomBytes(6).toString("hex");

const member = (app = ctx, options: { verified?: boolean; ageHours?: number } = {}) =>
  signedInMember(app, options);

async function tipBy(client: TestClient, availability = "Public") {
  const res = await client.post("/api/tips", newTip(`Tip ${word()}`, { availability }), {
    schema: TipSchema,
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function comment(client: TestClient, tipId: string, body: string, replyTo?: string) {
  const res = await client.post(`/api/tips/${tipId}/comments`, { body, replyTo }, { schema: CommentSchema });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function thread(client: TestClient, tipId: string, query = "") {
  const res = await client.get(`/api/tips/${tipId}/comments${query}`, {
    schema: CommentSchema.strict().array(),
  });
  expect(res.status).toBe(200);
  return {
    items: res.body,
    total: Number(res.headers.get("x-total-count")),
    next: res.headers.get("x-next-cursor"),
  };
}

const totalComments = async (client: TestClient, tipId: string) =>
  ((await client.get(`/api/tips/${tipId}`, { schema: TipSchema })).body as { totalComments: number })
    .totalComments;

describe("comments on a tip", () => {
  it("reads oldest thread first with its replies after it; a reply to a reply joins its thread; everyone reads them", async () => {
    const author = await member();
    const ana = await member();
    const ben = await member();
    const tip = await tipBy(author.client);
    const first = await comment(ana.client, tip._id, "How deep do you sow them?");
    const second = await comment(ben.client, tip._id, "Lovely tip <script>alert(1)</script>\nthanks!");
    const reply = await comment(author.client, tip._id, "About 2 cm deep.", first._id);
    const replyToReply = await comment(ana.client, tip._id, "Thanks, will do.", reply._id);
    expect(reply.threadId).toBe(first._id);
    expect(replyToReply.threadId).toBe(first._id);
    expect(first).toMatchObject({
      threadId: null,
      deleted: false,
      body: "How deep do you sow them?",
      editedAt: null,
      author: { name: ana.account.name, handle: expect.any(String) },
    });

    const { items, total } = await thread(visitor, tip._id);
    expect(items.map((item) => item._id)).toEqual([first._id, reply._id, replyToReply._id, second._id]);
    expect(items[3]?.body).toBe("Lovely tip <script>alert(1)</script>\nthanks!");
    expect(total).toBe(4);
    expect(await totalComments(visitor, tip._id)).toBe(4);
    expect(JSON.stringify(items)).not.toContain(ana.account.email);
  });

  it("keeps a hidden or private tip's comments to its author: 404 to anyone else, reading or writing", async () => {
    const author = await member();
    const other = await member();
    const tip = await tipBy(author.client, "Hidden");
    await comment(author.client, tip._id, "A note to myself");
    expect((await thread(author.client, tip._id)).items).toHaveLength(1);
    for (const client of [visitor, other.client]) {
      const read = await client.get(`/api/tips/${tip._id}/comments`, { schema: ApiErrorSchema });
      expect(read.status).toBe(404);
      expect(read.body.message).toBe("Tip not found");
    }
    const write = await other.client.post(`/api/tips/${tip._id}/comments`, { body: "Hello" });
    expect(write.status).toBe(404);
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"])
      expect((await visitor.get(`/api/tips/${id}/comments`)).status).toBe(404);
  });

  it("lets only signed-in, verified members write: 401 for a visitor, 422 with the way on before verifying", async () => {
    const author = await member();
    const tip = await tipBy(author.client);
    const anon = await visitor.post(
      `/api/tips/${tip._id}/comments`,
      { body: "Hi there" },
      { schema: ApiErrorSchema },
    );
    expect(anon.status).toBe(401);
    const unverified = await member(ctx, { verified: false });
    const res = await unverified.client.post(
      `/api/tips/${tip._id}/comments`,
      { body: "Hi there" },
      { schema: ApiErrorSchema },
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^Verify your e-mail address before you comment/);
    expect((await thread(visitor, tip._id)).items).toEqual([]);
  });

  it("refuses a comment too short, too long, with hidden characters or a reply to nothing, storing nothing", async () => {
    const author = await member();
    const tip = await tipBy(author.client);
    const other = await tipBy(author.client);
    const elsewhere = await comment(author.client, other._id, "On the other tip");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ body: " a " }, "Comment must be at least 2 characters"],
      [{ body: "x".repeat(5001) }, "Comment must be at most 5000 characters"],
      [{ body: "Hi \u202ethere" }, "Comment must not contain invisible or text-direction characters"],
      [{}, "Comment is required"],
      [{ body: "Hello", replyTo: elsewhere._id }, "replyTo names no comment on this tip"],
      [{ body: "Hello", replyTo: "nope" }, "replyTo must be a comment's id"],
    ];
    for (const [body, message] of cases) {
      const res = await author.client.post(`/api/tips/${tip._id}/comments`, body, { schema: ApiErrorSchema });
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(res.body), message).toContain(message);
    }
    expect((await thread(visitor, tip._id)).items).toEqual([]);
    expect(await totalComments(visitor, tip._id)).toBe(0);
  });

  it("writes one of eight identical comments written at once on the database's connections", async () => {
    const author = await member();
    const ana = await member();
    const tip = await tipBy(author.client);
    const write = (body: string) =>
      addComment(ctx.db, { tipId: tip._id, authorId: ana.id, body, accountCreatedAt: undefined });
    // Beside another comment of the same member on the same tip, which is no repeat.
    const [first, ...writes] = await Promise.allSettled([
      write("First!"),
      ...Array.from({ length: 8 }, () => write("Lovely!")),
    ]);
    expect(first?.status).toBe("fulfilled");
    expect(writes.filter((each) => each.status === "fulfilled")).toHaveLength(1);
    const refused = writes.flatMap((each) => (each.status === "rejected" ? [each.reason] : []));
    expect(refused).toHaveLength(7);
    for (const reason of refused) expect(reason).toBeInstanceOf(RepeatedCommentError);
    expect((await thread(visitor, tip._id)).items.map((item) => item.body).sort()).toEqual([
      "First!",
      "Lovely!",
    ]);
    expect(await totalComments(visitor, tip._id)).toBe(2);
  });

  it("refuses the same text from the same member on the same tip within 5 minutes, even sent eight times at once", async () => {
    const author = await member();
    const ana = await member();
    const tip = await tipBy(author.client);
    const taps = await Promise.all(
      Array.from({ length: 8 }, () =>
        ana.client.post(`/api/tips/${tip._id}/comments`, { body: "Great idea!" }),
      ),
    );
    expect(taps.map((tap) => tap.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect((await thread(visitor, tip._id)).items.map((item) => item.body)).toEqual(["Great idea!"]);
    expect(await totalComments(visitor, tip._id)).toBe(1);
    const again = await ana.client.post(
      `/api/tips/${tip._id}/comments`,
      { body: "Great idea!" },
      { schema: ApiErrorSchema },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You posted this same comment a moment ago");
    // Someone else may say the same; and so may she, five minutes on.
    await comment(author.client, tip._id, "Great idea!");
    await ctx.db
      .update(comments)
      .set({ createdAt: sql`created_at - interval '6 minutes'` })
      .where(eq(comments.authorId, ana.id));
    await comment(ana.client, tip._id, "Great idea!");
    expect((await thread(visitor, tip._id)).total).toBe(3);
  });

  it("lets its author change it: unmarked at first, marked 'edited' later, never after its window, never others", async () => {
    const author = await member();
    const ana = await member();
    const tip = await tipBy(author.client);
    const mine = await comment(ana.client, tip._id, "Sow in March");
    const quick = await ana.client.patch(
      `/api/comments/${mine._id}`,
      { body: "Sow in late March" },
      { schema: CommentSchema },
    );
    expect(quick.status).toBe(200);
    expect(quick.body).toMatchObject({ body: "Sow in late March", editedAt: null });

    await ctx.db
      .update(comments)
      .set({ createdAt: sql`created_at - interval '10 minutes'` })
      .where(eq(comments.id, mine._id));
    const later = await ana.client.patch(
      `/api/comments/${mine._id}`,
      { body: "Sow in April" },
      { schema: CommentSchema },
    );
    expect(later.body.editedAt).not.toBeNull();
    expect((await thread(visitor, tip._id)).items[0]).toMatchObject({
      body: "Sow in April",
      editedAt: later.body.editedAt,
    });

    const notHers = await author.client.patch(
      `/api/comments/${mine._id}`,
      { body: "Changed" },
      { schema: ApiErrorSchema },
    );
    expect(notHers.status).toBe(403);
    expect(notHers.body.message).toBe("Only its author may change a comment");
    await ctx.db
      .update(comments)
      .set({ editableUntil: new Date(Date.now() - 1000) })
      .where(eq(comments.id, mine._id));
    const tooLate = await ana.client.patch(
      `/api/comments/${mine._id}`,
      { body: "Too late" },
      { schema: ApiErrorSchema },
    );
    expect(tooLate.status).toBe(403);
    expect(tooLate.body.message).toBe("The time to change this comment has passed");
    expect((await thread(visitor, tip._id)).items[0]?.body).toBe("Sow in April");
  });

  it("gives a new account's comments 24 hours to change, others 30 days", async () => {
    const author = await member();
    const fresh = await member(ctx, { ageHours: 1 });
    const tip = await tipBy(author.client);
    const hours = (c: Comment) => (Date.parse(c.editableUntil) - Date.parse(c.createdAt)) / 3_600_000;
    expect(hours(await comment(fresh.client, tip._id, "New here"))).toBe(24);
    expect(hours(await comment(author.client, tip._id, "Welcome"))).toBe(30 * 24);
  });

  it("deletes: a comment with replies stays as [deleted] until its last reply goes; the tip's author may delete any", async () => {
    const author = await member();
    const ana = await member();
    const ben = await member();
    const tip = await tipBy(author.client);
    const root = await comment(ana.client, tip._id, "Question about slugs");
    const reply = await comment(ben.client, tip._id, "Beer traps work", root._id);
    const lone = await comment(ben.client, tip._id, "Nice photo");

    expect((await ben.client.delete(`/api/comments/${root._id}`)).status).toBe(403);
    expect((await visitor.delete(`/api/comments/${root._id}`)).status).toBe(401);
    expect((await ana.client.delete(`/api/comments/${root._id}`)).status).toBe(204);
    let now = await thread(visitor, tip._id);
    expect(now.items.map((c) => [c._id, c.deleted, c.body, c.author])).toEqual([
      [root._id, true, "", null],
      [reply._id, false, "Beer traps work", expect.anything()],
      [lone._id, false, "Nice photo", expect.anything()],
    ]);
    expect(now.total).toBe(2);
    expect((await ana.client.patch(`/api/comments/${root._id}`, { body: "Back" })).status).toBe(404);

    // The tip's author removes a reply on their tip: the [deleted] comment it answered goes with it.
    expect((await author.client.delete(`/api/comments/${reply._id}`)).status).toBe(204);
    now = await thread(visitor, tip._id);
    expect(now.items.map((c) => c._id)).toEqual([lone._id]);
    expect(now.total).toBe(1);
    expect(await totalComments(visitor, tip._id)).toBe(1);
    expect((await ben.client.delete(`/api/comments/${reply._id}`)).status).toBe(404);
  });

  it("tells each reader what they may do with each comment: its author edits and deletes, the tip's author deletes", async () => {
    const author = await member();
    const ana = await member();
    const ben = await member();
    const tip = await tipBy(author.client);
    const anas = await comment(ana.client, tip._id, "Mulch in May");
    expect(anas).toMatchObject({ canEdit: true, canDelete: true });
    const bens = await comment(ben.client, tip._id, "Or in June", anas._id);
    const may = async (client: TestClient) =>
      (await thread(client, tip._id)).items.map((c) => [c._id, c.canEdit, c.canDelete]);
    expect(await may(visitor)).toEqual([
      [anas._id, false, false],
      [bens._id, false, false],
    ]);
    expect(await may(ana.client)).toEqual([
      [anas._id, true, true],
      [bens._id, false, false],
    ]);
    expect(await may(author.client)).toEqual([
      [anas._id, false, true],
      [bens._id, false, true],
    ]);
    // Past its time to change, its author may still delete it.
    await ctx.db
      .update(comments)
      .set({ editableUntil: new Date(Date.now() - 1000) })
      .where(eq(comments.id, anas._id));
    expect((await may(ana.client))[0]).toEqual([anas._id, false, true]);
  });

  it("pages 50 at a time with a cursor, every comment once, in order; a made-up cursor is refused", async () => {
    const author = await member();
    const tip = await tipBy(author.client);
    const start = Date.now() - 60 * 60_000;
    const rows = Array.from({ length: 120 }, (_, n) => {
      const id = crypto.randomUUID();
      const at = new Date(start + n * 1000);
      return {
        id,
        tipId: tip._id,
        authorId: author.id,
        threadId: id,
        threadAt: at,
        createdAt: at,
        body: `Comment ${n}`,
        editableUntil: new Date(start + 86_400_000),
      };
    });
    await ctx.db.insert(comments).values(rows);
    const seen: string[] = [];
    let query = "";
    for (;;) {
      const page = await thread(visitor, tip._id, query);
      expect(page.total).toBe(120);
      expect(page.items.length).toBeLessThanOrEqual(50);
      seen.push(...page.items.map((c) => c.body));
      if (!page.next) break;
      query = `?cursor=${page.next}`;
    }
    expect(seen).toEqual(rows.map((row) => row.body));
    for (const cursor of ["nonsense", Buffer.from('["x"]').toString("base64url")]) {
      const res = await visitor.get(`/api/tips/${tip._id}/comments?cursor=${cursor}`, {
        schema: ApiErrorSchema,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("cursor");
    }
    expect((await visitor.get(`/api/tips/${tip._id}/comments?limit=51`)).status).toBe(400);
  });

  it("counts a tip's comments on the tip itself, in lists too", async () => {
    const author = await member();
    const tip = await tipBy(author.client);
    await comment(author.client, tip._id, "First!");
    await comment(author.client, tip._id, "Second!");
    const mine = await author.client.get(`/api/tips?email=${encodeURIComponent(author.account.email)}`, {
      schema: TipSchema.array(),
    });
    expect(mine.body.find((t) => t._id === tip._id)?.totalComments).toBe(2);
  });

  it("marks the team's comments with their role, and no one else's", async () => {
    const author = await member();
    const moderator = await member();
    await ctx.db.update(users).set({ role: "moderator" }).where(eq(users.id, moderator.id));
    const tip = await tipBy(author.client);
    await comment(author.client, tip._id, "Water at dawn.");
    // A fresh session reads the role.
    const signedIn = createClient(ctx.app);
    await signedIn.post("/api/auth/sign-in/email", moderator.account);
    await comment(signedIn, tip._id, "Please keep it about gardening.");
    const { items } = await thread(visitor, tip._id);
    expect(items.map((c) => c.author?.role)).toEqual([undefined, "moderator"]);
    expect(items[0]?.author).not.toHaveProperty("role");
    const page = await visitor.get(`/api/gardeners/${items[1]?.author?.handle}`);
    expect(page.body).toMatchObject({ role: "moderator" });
    expect((await visitor.get(`/api/gardeners/${items[0]?.author?.handle}`)).body).not.toHaveProperty("role");
  });

  it("counts, for each reader, only the comments they can read: not placeholders, not the blocked", async () => {
    const author = await member();
    const [ana, held, blocked, blocker] = [await member(), await member(), await member(), await member()];
    const tip = await tipBy(author.client);
    await comment(ana.client, tip._id, "Sow them shallow.");
    const hidden = await comment(held.client, tip._id, "Buy my seeds, cheap seeds.");
    await comment(blocked.client, tip._id, "I disagree entirely.");
    for (const reporter of [await establishedMember(ctx), await establishedMember(ctx)])
      expect(
        (
          await reporter.client.post("/api/reports", {
            targetType: "comment",
            targetId: hidden._id,
            reason: "off-topic",
          })
        ).status,
      ).toBe(201);
    const handle = (
      await ctx.db.select({ handle: users.handle }).from(users).where(eq(users.id, blocked.id))
    )[0]?.handle;
    expect((await blocker.client.post(`/api/blocks/${handle}`, {})).status).toBe(201);

    // A visitor reads two comments and a placeholder: two are counted, everywhere.
    const seen = await thread(visitor, tip._id);
    expect(seen.items).toHaveLength(3);
    expect(seen.total).toBe(2);
    expect(await totalComments(visitor, tip._id)).toBe(2);
    const listed = await visitor.get(`/api/tips?q=${encodeURIComponent(tip.title)}`, {
      schema: TipSchema.array(),
    });
    expect(listed.body.find((t) => t._id === tip._id)?.totalComments).toBe(2);
    // The held comment's author reads their own comment: three.
    expect((await thread(held.client, tip._id)).total).toBe(3);
    expect(await totalComments(held.client, tip._id)).toBe(3);
    // The blocker reads neither the placeholder's text nor the blocked member's comment: one.
    const theirs = await thread(blocker.client, tip._id);
    expect(theirs.total).toBe(1);
    expect(theirs.items.filter((c) => !c.hidden && !c.deleted)).toHaveLength(1);
    expect(await totalComments(blocker.client, tip._id)).toBe(1);
    // Unblocking counts them again at once (the member's cached answer is dropped).
    expect((await blocker.client.delete(`/api/blocks/${handle}`)).status).toBe(204);
    expect(await totalComments(blocker.client, tip._id)).toBe(2);
  });
});

describe("the brakes on comments", () => {
  let limited: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    limited = await createTestApp();
  });
  afterAll(async () => {
    await limited.close();
  });

  it("hold a new account to 2 links a comment and one comment a minute, saying which limit and when it lifts", async () => {
    const author = await member(limited);
    const tip = await tipBy(author.client);
    const fresh = await member(limited, { ageHours: 2 });
    const links = await fresh.client.post(
      `/api/tips/${tip._id}/comments`,
      { body: "See https://a.example/1 https://b.example/2 and https://c.example/3" },
      { schema: ApiErrorSchema },
    );
    expect(links.status).toBe(422);
    expect(links.body.message).toBe(
      "A comment from an account younger than a day may hold at most 2 links; more are allowed in 22 hours",
    );
    await comment(fresh.client, tip._id, "See https://a.example/1 and https://b.example/2");
    const second = await fresh.client.post(
      `/api/tips/${tip._id}/comments`,
      { body: "And another" },
      { schema: ApiErrorSchema },
    );
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(second.body.message).toMatch(/^Too many comments/);

    // An older member may post three links, and a second comment after 5 seconds (not at once).
    await comment(author.client, tip._id, "https://a.example/1 https://b.example/2 https://c.example/3");
    const soon = await author.client.post(`/api/tips/${tip._id}/comments`, { body: "Quick follow-up" });
    expect(soon.status).toBe(429);
  });
});
