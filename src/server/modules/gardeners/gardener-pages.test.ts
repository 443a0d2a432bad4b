import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import {
  type Gardener,
  GardenerPageSchema,
  GardenerSchema,
  ProfileSchema,
} from "#shared/schemas/gardener.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { rowsOf } from "../../db/rows.ts";
import { gardeners, tips, users } from "../../db/schema.ts";
import { createClient, newAccount, newTip, type TestClient } from "../../test/http-client.ts";
import { confirmEmail } from "../../test/members.ts";
import { createTestApp } from "../../test/test-db.ts";
import { insertTips } from "../../test/tip-fixtures.ts";
import { standInWebRoot } from "../../test/web-root.ts";

// Every account's gardener page, /api/gardeners/{handle} (ADR 039).

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let visitor: TestClient;
beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false }, webRoot: standInWebRoot() });
  visitor = createClient(ctx.app);
  // The first verified account is the site's administrator, whose page carries the role: the tests'
  // members come after it.
  await member();
});
afterAll(async () => {
  await ctx.close();
});

/** Letters only, so the handle made from a name with it is known: "Fern" and a word nobody else uses. */
const uniqueWord = () => [...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join("");

/** A new member named "Fern <word>", signed in: their client, account and handle. */
async function member() {
  const word = uniqueWord();
  const account = newAccount({ name: `Fern ${word}`, image: "" });
  const client = createClient(ctx.app);
  const res = await client.post("/api/auth/sign-up/email", account);
  expect(res.status).toBe(200);
  const { id, image } = (res.body as { user: { id: string; image: string | null } }).user;
  // Signed up without a photo: none, not an empty address.
  expect(image).toBeNull();
  // Some share more than two public tips, which waits for a confirmed e-mail.
  await confirmEmail(ctx, client, account.email);
  return { client, account, id, handle: `fern_${word}` };
}

async function share(client: TestClient, title: string, availability = "Public") {
  const res = await client.post("/api/tips", newTip(title, { availability }), { schema: TipSchema });
  expect(res.status).toBe(201);
  return res.body;
}

describe("GET /api/gardeners/{handle}", () => {
  it("shows a member's page by handle in any case: counts of public tips and likes, never the e-mail", async () => {
    const fern = await member();
    const liked = await share(fern.client, "Pinch out tomato side shoots");
    await share(fern.client, "Sow broad beans in autumn");
    await share(fern.client, "My own seed list", "Private");
    const fan = await member();
    expect((await fan.client.post(`/api/tips/${liked._id}/like`)).status).toBe(200);

    const res = await visitor.get(`/api/gardeners/${fern.handle.toUpperCase()}`, {
      schema: GardenerPageSchema.strict(),
    });
    expect(res.status).toBe(200);
    const [account] = await ctx.db.select().from(users).where(eq(users.id, fern.id));
    expect(res.body).toEqual({
      handle: fern.handle,
      name: fern.account.name,
      image: expect.stringMatching(/^https?:\/\/[^/]+\/images\/default-avatar\.svg$/),
      status: "active",
      memberSince: account?.createdAt.toISOString(),
      totalSharedTips: 2,
      totalLikesReceived: 1,
      followers: 0,
      following: 0,
    });
    expect(JSON.stringify(res.body)).not.toContain(fern.account.email);
  });

  it("shows what the member filled in, age and gender included, and leaves out what they did not", async () => {
    const fern = await member();
    await ctx.db
      .update(users)
      .set({
        bio: "Allotment on clay <b>soil</b>",
        age: 41,
        location: "Leeds",
        certifications: ["RHS Level 2"],
      })
      .where(eq(users.id, fern.id));
    const res = await visitor.get(`/api/gardeners/${fern.handle}`, { schema: GardenerPageSchema.strict() });
    expect(res.body).toMatchObject({
      bio: "Allotment on clay <b>soil</b>",
      age: 41,
      location: "Leeds",
      certifications: ["RHS Level 2"],
      status: "inactive",
      totalSharedTips: 0,
    });
    expect(res.body).not.toHaveProperty("gender");
    expect(res.body).not.toHaveProperty("email");
  });

  it("shows a demo gardener's card as the specification has it, e-mail included", async () => {
    const word = uniqueWord();
    const email = `demo.${word}@example.com`;
    const card = {
      name: `Rowan ${word}`,
      email,
      status: "inactive" as const,
      age: 52,
      gender: "Male",
      experiences: "20 years",
      location: "Cork",
    };
    await ctx.db.insert(gardeners).values({ ...card, certifications: [] });
    await ctx.db
      .insert(users)
      .values({ id: `demo-${word}`, name: `Rowan ${word}`, email, signInDisabled: true });
    const res = await visitor.get(`/api/gardeners/rowan_${word}`, { schema: GardenerPageSchema.strict() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ handle: `rowan_${word}`, ...card });
  });

  it("lists a member's tips without their e-mail to anyone but them; a demo gardener's keep it", async () => {
    const fern = await member();
    const mine = await share(fern.client, "Mulch the raspberries in spring");
    expect(mine.email, "the author's own answer").toBe(fern.account.email.toLowerCase());
    const reader = await member();
    const answers = [
      await visitor.get(`/api/gardeners/${fern.handle}/tips`),
      await reader.client.get(`/api/gardeners/${fern.handle}/tips`),
      await visitor.get(`/api/tips/${mine._id}`),
      await reader.client.get(`/api/tips/${mine._id}`),
      await reader.client.get(`/api/tips?q=${encodeURIComponent("Mulch the raspberries")}`),
      await reader.client.get("/api/dashboard/stats"),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body), res.text.slice(0, 80)).not.toContain(fern.account.email.toLowerCase());
    }
    const own = await fern.client.get(`/api/tips/${mine._id}`, { schema: TipSchema });
    expect(own.body.email).toBe(fern.account.email.toLowerCase());
    const listed = await fern.client.get(`/api/tips?email=${encodeURIComponent(fern.account.email)}`, {
      schema: TipSchema.array(),
    });
    expect(listed.body.map((tip) => tip.email)).toEqual([fern.account.email.toLowerCase()]);

    const word = uniqueWord();
    const email = `demo.${word}@example.com`;
    await ctx.db
      .insert(users)
      .values({ id: `demo-${word}`, name: `Rowan ${word}`, email, signInDisabled: true });
    await insertTips(ctx.db, [
      {
        authorId: `demo-${word}`,
        email,
        name: `Rowan ${word}`,
        title: `Demo tip ${word}`,
        plantType: "Kale",
        difficulty: "Easy",
        description: "Pick the lower leaves first.",
        category: "Vegetables",
        availability: "Public",
      },
    ]);
    const demo = await visitor.get(`/api/gardeners/rowan_${word}/tips`, { schema: TipSchema.array() });
    expect(demo.body.map((tip) => tip.email)).toEqual([email]);
  });

  it("answers 404 with a message for a handle nobody has, however it is written", async () => {
    for (const handle of [`nobody_${uniqueWord()}`, "x", "..%2F..%2Fapi", "%20", "a%00b", "%C3%A9mile"]) {
      const res = await visitor.get(`/api/gardeners/${handle}`, { schema: ApiErrorSchema });
      expect(res.status, handle).toBe(404);
      expect(res.body.message).toBe("No gardener has that handle");
    }
  });
});

describe("GET /api/gardeners/{handle}/tips", () => {
  it("pages a member's public tips, newest first, with their number, and none of their others", async () => {
    const fern = await member();
    const titles = ["First sowing", "Second sowing", "Third sowing"];
    for (const title of titles) await share(fern.client, title);
    await share(fern.client, "Hidden draft", "Hidden");
    const first = await visitor.get(`/api/gardeners/${fern.handle}/tips?limit=2`, {
      schema: TipSchema.array(),
    });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-total-count")).toBe("3");
    expect(first.body.map((tip) => tip.title)).toEqual(["Third sowing", "Second sowing"]);
    const rest = await visitor.get(`/api/gardeners/${fern.handle}/tips?limit=2&offset=2`, {
      schema: TipSchema.array(),
    });
    expect(rest.body.map((tip) => tip.title)).toEqual(["First sowing"]);
  });

  it("answers 404 for a handle nobody has and 400 for a malformed page", async () => {
    const fern = await member();
    expect((await visitor.get(`/api/gardeners/nobody_${uniqueWord()}/tips`)).status).toBe(404);
    const bad = await visitor.get(`/api/gardeners/${fern.handle}/tips?limit=0`, { schema: ApiErrorSchema });
    expect(bad.status).toBe(400);
  });
});

describe("PATCH /api/profile", () => {
  it("changes the member's handle and page, in any case, and the old handle leads to the new", async () => {
    const fern = await member();
    const next = `Grows_${uniqueWord()}`;
    const res = await fern.client.patch(
      "/api/profile",
      {
        handle: next,
        bio: "  Clay soil, north-facing.\u2028Ask me about leeks: https://example.com/leeks  ",
        location: "Leeds",
        experiences: "12 years",
        gardenName: "Back Lane Allotment",
        certifications: ["RHS Level 2", ""],
        age: 41,
        youtube: "https://www.youtube.com/@backlane",
        email: "taken@example.com",
      },
      { schema: ProfileSchema.strict() },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      handle: next.toLowerCase(),
      bio: "Clay soil, north-facing.\nAsk me about leeks: https://example.com/leeks",
      location: "Leeds",
      experiences: "12 years",
      gardenName: "Back Lane Allotment",
      certifications: ["RHS Level 2"],
      age: 41,
      youtube: "https://www.youtube.com/@backlane",
    });
    expect(res.body).not.toHaveProperty("email");
    const { listed, ...page } = res.body;
    expect(listed).toBe(true);
    expect((await visitor.get(`/api/gardeners/${next}`, { schema: GardenerPageSchema })).body).toEqual(page);
    const old = await visitor.get(`/api/gardeners/${fern.handle}`);
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/api/gardeners/${next.toLowerCase()}`);

    // Empty or null clears a field; what is left out stays.
    const cleared = await fern.client.patch(
      "/api/profile",
      { bio: "", age: null, certifications: [] },
      { schema: ProfileSchema.strict() },
    );
    expect(cleared.body).not.toHaveProperty("bio");
    expect(cleared.body).not.toHaveProperty("age");
    expect(cleared.body).not.toHaveProperty("certifications");
    expect(cleared.body.location).toBe("Leeds");
  });

  it("keeps a handle given up for its member: it leads to them, nobody else may take it, they may take it back", async () => {
    const fern = await member();
    await share(fern.client, `Leeks ${uniqueWord()}`);
    const next = `grows_${uniqueWord()}`;
    expect((await fern.client.patch("/api/profile", { handle: next })).status).toBe(200);
    const tips = await visitor.get(`/api/gardeners/${fern.handle.toUpperCase()}/tips?limit=5&page=1`);
    expect(tips.status).toBe(301);
    expect(tips.headers.get("location")).toBe(`/api/gardeners/${next}/tips?limit=5&page=1`);

    // Another member asking for it is told it is taken, and keeps their own.
    const other = await member();
    const taken = await other.client.patch(
      "/api/profile",
      { handle: fern.handle },
      { schema: ApiErrorSchema },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("That handle is taken; choose another");
    expect((await visitor.get(`/api/gardeners/${other.handle}`)).status).toBe(200);
    // Nor does the site give it to a new account whose name would make it.
    const namesake = createClient(ctx.app);
    const signedUp = await namesake.post(
      "/api/auth/sign-up/email",
      newAccount({ name: fern.account.name, image: "" }),
    );
    expect(signedUp.status).toBe(200);
    const [made] = await ctx.db
      .select({ handle: users.handle })
      .from(users)
      .where(eq(users.id, (signedUp.body as { user: { id: string } }).user.id));
    expect(made?.handle).not.toBe(fern.handle);

    // Its member takes it back; the handle they leave leads to them in turn.
    expect((await fern.client.patch("/api/profile", { handle: fern.handle })).status).toBe(200);
    expect((await visitor.get(`/api/gardeners/${fern.handle}`)).status).toBe(200);
    const back = await visitor.get(`/api/gardeners/${next}`);
    expect(back.status).toBe(301);
    expect(back.headers.get("location")).toBe(`/api/gardeners/${fern.handle}`);
  });

  it("refuses a taken handle with 409, a reserved or malformed one and a YouTube link elsewhere with 400, changing nothing", async () => {
    const fern = await member();
    const other = await member();
    const cases: Array<[unknown, number, string]> = [
      [{ handle: other.handle.toUpperCase(), bio: "New" }, 409, "That handle is taken; choose another"],
      [{ handle: "Admin", bio: "New" }, 400, "That handle is reserved; choose another"],
      [
        { handle: "a", bio: "New" },
        400,
        "A handle is 2 to 25 characters: letters a-z, digits and underscores",
      ],
      [
        { handle: "émile", bio: "New" },
        400,
        "A handle is 2 to 25 characters: letters a-z, digits and underscores",
      ],
      [{ bio: "x".repeat(501) }, 400, "Bio must be at most 500 characters"],
      [{ location: "Leeds\nYorkshire" }, 400, "Location must not contain control characters"],
      [{ age: 7 }, 400, "Age must be at least 13"],
      [{ youtube: "javascript:alert(1)" }, 400, "Enter an http(s) URL"],
      [{ youtube: "Tomato" }, 400, "Enter an http(s) URL"],
      ...[
        "https://evil.example/watch?v=abc",
        "http://www.youtube.com/@backlane",
        "https://user:pw@www.youtube.com/@backlane",
        "https://www.youtube.com.evil.example/@backlane",
      ].map((youtube): [unknown, number, string] => [
        { youtube },
        400,
        "Enter a YouTube address, such as https://www.youtube.com/@yourchannel",
      ]),
    ];
    for (const [body, status, message] of cases) {
      const res = await fern.client.patch("/api/profile", body, { schema: ApiErrorSchema });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(message);
    }
    const page = await visitor.get(`/api/gardeners/${fern.handle}`, { schema: GardenerPageSchema.strict() });
    expect(page.status).toBe(200);
    expect(page.body).not.toHaveProperty("bio");
  });

  it("gives a handle asked for by two members at once to one of them", async () => {
    const [first, second] = [await member(), await member()];
    const wanted = `shared_${uniqueWord()}`;
    const answers = await Promise.all(
      [first, second].map((m) => m.client.patch("/api/profile", { handle: wanted })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect((await visitor.get(`/api/gardeners/${wanted}`)).status).toBe(200);
  });

  it("answers 401 to a visitor", async () => {
    const res = await visitor.patch("/api/profile", { bio: "Hello" }, { schema: ApiErrorSchema });
    expect(res.status).toBe(401);
  });
});

describe("GET /api/gardeners lists members beside the demo gardeners", () => {
  const listed = async (query = "") => {
    const res = await visitor.get(`/api/gardeners?limit=100${query}`, {
      schema: GardenerSchema.strict().array(),
    });
    expect(res.status).toBe(200);
    return { items: res.body, total: Number(res.headers.get("x-total-count")) };
  };
  const find = (items: Gardener[], handle: string) => items.filter((item) => item.handle === handle);

  /**
   * Explore Gardeners' own rule, counted from the rows (of one status, when given): the figure every answer
   * must agree with.
   */
  const countedGardeners = async (status?: "active" | "inactive") => {
    const newest = sql`(select max(t.created_at) from tips t where t.author_id = u.id and t.availability = 'Public' and t.shown)`;
    const [row] = await rowsOf(
      ctx.db,
      z.object({ n: z.number() }),
      sql`select ((select count(*) from gardeners${status ? sql` where status = ${status}` : sql``})
        + (select count(*) from users u
          where u.listed and not u.sign_in_disabled and u.page_hold is null and not u.held and ${newest} is not null
          ${status === undefined ? sql`` : status === "active" ? sql`and ${newest} > now() - interval '90 days'` : sql`and ${newest} <= now() - interval '90 days'`}
        ))::int as n`,
    );
    return row?.n ?? -1;
  };

  it("lists a member once they share a public tip: handle as id, no e-mail, their public tips counted", async () => {
    const fern = await member();
    await share(fern.client, "Only for me", "Private");
    expect(find((await listed()).items, fern.handle)).toEqual([]);

    await share(fern.client, "Mulch after rain");
    await share(fern.client, "Still a draft", "Hidden");
    const { items } = await listed();
    expect(find(items, fern.handle)).toEqual([
      {
        id: fern.handle,
        handle: fern.handle,
        name: fern.account.name,
        image: expect.stringMatching(/\/images\/default-avatar\.svg$/),
        status: "active",
        age: null,
        gender: null,
        experiences: null,
        totalSharedTips: 1,
      },
    ]);
    expect(JSON.stringify(items)).not.toContain(fern.account.email);
  });

  it("carries the team's role on their cards, and no role on anyone else's", async () => {
    const [fern, ivy] = [await member(), await member()];
    await share(fern.client, "Net the brassicas");
    await share(ivy.client, "Water in the morning");
    await ctx.db.update(users).set({ role: "moderator" }).where(eq(users.id, ivy.id));
    const { items } = await listed();
    expect(find(items, ivy.handle).map((card) => card.role)).toEqual(["moderator"]);
    expect(find(items, fern.handle)).toEqual([expect.not.objectContaining({ role: expect.anything() })]);
    expect(items.filter((card) => typeof card.id === "number").every((card) => card.role === undefined)).toBe(
      true,
    );
  });

  it("orders members among the demo gardeners by name, and shows a demo gardener once, by their card", async () => {
    const word = uniqueWord();
    const email = `demo.${word}@example.com`;
    await ctx.db.insert(gardeners).values({ name: `Fern ${word}b`, email, status: "active" });
    await insertTips(ctx.db, [
      {
        title: "Demo tip",
        plantType: "Kale",
        difficulty: "Easy",
        description: "Pick the lower leaves first.",
        category: "Vegetables",
        availability: "Public",
        name: `Fern ${word}b`,
        email,
      },
    ]);
    const fern = await member();
    await ctx.db
      .update(users)
      .set({ name: `Fern ${word}a` })
      .where(eq(users.id, fern.id));
    await share(fern.client, "Lift dahlias after the frost");

    const { items } = await listed();
    const ours = items.filter((item) => item.name.startsWith(`Fern ${word}`));
    expect(ours.map((item) => [item.name, item.id, item.handle, item.email])).toEqual([
      [`Fern ${word}a`, fern.handle, fern.handle, undefined],
      [`Fern ${word}b`, expect.any(Number), `fern_${word}b`, email],
    ]);
  });

  it("leaves out a member who asks not to be listed, and takes them back when they ask again", async () => {
    const fern = await member();
    await share(fern.client, "Net the brassicas");
    const before = await listed();
    expect(find(before.items, fern.handle)).toHaveLength(1);

    const hide = await fern.client.patch("/api/profile", { listed: false });
    expect(hide.status).toBe(200);
    const hidden = await listed();
    expect(find(hidden.items, fern.handle)).toEqual([]);
    expect(hidden.total).toBe(before.total - 1);
    // Their page stays: being listed is only about Explore Gardeners.
    expect((await visitor.get(`/api/gardeners/${fern.handle}`)).status).toBe(200);

    expect((await fern.client.patch("/api/profile", { listed: true })).status).toBe(200);
    expect(find((await listed()).items, fern.handle)).toHaveLength(1);
  });

  it("calls a member inactive when their latest public tip is older than 90 days, and filters on it", async () => {
    const fern = await member();
    const tip = await share(fern.client, "Prune the plum in summer");
    await ctx.db
      .update(tips)
      .set({ createdAt: new Date(Date.now() - 91 * 24 * 3600 * 1000) })
      .where(eq(tips.id, tip._id));
    expect(find((await listed()).items, fern.handle)[0]?.status).toBe("inactive");
    expect(find((await listed("&status=inactive")).items, fern.handle)).toHaveLength(1);
    expect(find((await listed("&status=active")).items, fern.handle)).toEqual([]);

    await share(fern.client, "Thin the apples in June");
    expect(find((await listed("&status=active")).items, fern.handle)[0]?.status).toBe("active");
    expect(find((await listed("&status=inactive")).items, fern.handle)).toEqual([]);
  });

  it("counts members in the dashboard's Total Gardeners as Explore Gardeners lists them", async () => {
    const fern = await member();
    const stats = async () =>
      ((await fern.client.get("/api/dashboard/stats")).body as { totalGardeners: number }).totalGardeners;
    const before = await stats();
    expect(before).toBe((await listed()).total);
    await share(fern.client, "Water at the roots");
    expect(await stats()).toBe(before + 1);
    expect(await stats()).toBe((await listed()).total);
  });

  it("keeps Total Gardeners exact through every way onto and off the list, as the rows count it", async () => {
    const fern = await member();
    const other = await member();
    const stats = async () =>
      ((await other.client.get("/api/dashboard/stats")).body as { totalGardeners: number }).totalGardeners;
    const counted = () => countedGardeners();
    const start = await counted();
    /** Total Gardeners, the list's total and the rows' count after a step, from where the test began. */
    /** Each member's kept figures against their tips counted: what their page and card show. */
    const figuresMatch = async () => {
      const rows = await rowsOf(
        ctx.db,
        z.object({ kept: z.string().nullable(), counted: z.string() }),
        sql`select (select f.public_tips || '/' || f.likes_received from gardener_figures f where f.user_id = u.id) as kept,
            (select count(*) || '/' || coalesce(sum(t.total_liked), 0) from tips t
              where t.author_id = u.id and t.availability = 'Public' and t.shown) as counted
          from users u where u.id in (${fern.id}, ${other.id})`,
      );
      for (const row of rows) expect(row.kept ?? "0/0").toBe(row.counted);
    };
    const step = async () => {
      const [shown, list, rows] = [await stats(), (await listed()).total, await counted()];
      expect(shown).toBe(rows);
      expect(list).toBe(rows);
      await figuresMatch();
      return rows - start;
    };
    const setAccount = (changes: Partial<typeof users.$inferInsert>) =>
      ctx.db.update(users).set(changes).where(eq(users.id, fern.id));

    await share(fern.client, "Kept to myself", "Hidden");
    expect(await step()).toBe(0);
    const first = await share(fern.client, "Stake the dahlias");
    expect(await step()).toBe(1);
    const second = await share(fern.client, "Lift the dahlias after frost");
    expect(await step()).toBe(1);

    expect((await fern.client.patch("/api/profile", { listed: false })).status).toBe(200);
    expect(await step()).toBe(0);
    expect((await fern.client.patch("/api/profile", { listed: true })).status).toBe(200);
    expect(await step()).toBe(1);

    await setAccount({ pageHold: "spam" });
    expect(await step()).toBe(0);
    await setAccount({ pageHold: null });
    expect(await step()).toBe(1);
    await setAccount({ held: true });
    expect(await step()).toBe(0);
    await setAccount({ held: false });
    expect(await step()).toBe(1);

    // Each tip made private in turn: the member leaves the list with the last one anyone may see.
    const { _id, ...firstFields } = first;
    expect(
      (await fern.client.put(`/api/tips/${_id}`, { ...firstFields, availability: "Hidden" })).status,
    ).toBe(200);
    expect(await step()).toBe(1);
    expect((await fern.client.delete(`/api/tips/${second._id}`)).status).toBe(204);
    expect(await step()).toBe(0);
    expect(
      (await fern.client.put(`/api/tips/${_id}`, { ...firstFields, availability: "Public" })).status,
    ).toBe(200);
    expect(await step()).toBe(1);

    // Another member's share and like change nothing of Fern's standing.
    await share(other.client, "Net the brassicas");
    expect(await step()).toBe(2);
    expect((await other.client.post(`/api/tips/${_id}/like`)).status).toBeLessThan(300);
    expect(await step()).toBe(2);
    expect((await visitor.get(`/api/gardeners/${fern.handle}`)).body).toMatchObject({
      totalSharedTips: 1,
      totalLikesReceived: 1,
    });
    // A hold on the account hides its liked tip: it counts again, likes and all, once lifted.
    await setAccount({ held: true });
    expect(await step()).toBe(1);
    await setAccount({ held: false });
    expect(await step()).toBe(2);

    await ctx.db.delete(users).where(eq(users.id, fern.id));
    expect(await step()).toBe(1);
  });

  it("totals the active and the inactive as the rows count them, either side of the 90 days", async () => {
    const [early, late] = [await member(), await member()];
    const hour = 3600 * 1000;
    const boundary = Date.now() - 90 * 24 * hour;
    for (const [who, at] of [
      [early, boundary + hour],
      [late, boundary - hour],
    ] as const) {
      const tip = await share(who.client, "Sow broad beans in November");
      await ctx.db
        .update(tips)
        .set({ createdAt: new Date(at) })
        .where(eq(tips.id, tip._id));
    }
    const counted = countedGardeners;
    const active = await listed("&status=active");
    const inactive = await listed("&status=inactive");
    expect(active.total).toBe(await counted("active"));
    expect(inactive.total).toBe(await counted("inactive"));
    expect(active.total + inactive.total).toBe((await listed()).total);
    expect(find(active.items, early.handle)).toHaveLength(1);
    expect(find(inactive.items, late.handle)).toHaveLength(1);
  });

  it("reads a member's status from their newest public tip again when that tip goes", async () => {
    const fern = await member();
    const old = await share(fern.client, "Divide the rhubarb");
    await ctx.db
      .update(tips)
      .set({ createdAt: new Date(Date.now() - 200 * 24 * 3600 * 1000) })
      .where(eq(tips.id, old._id));
    const recent = await share(fern.client, "Force the rhubarb under a bucket");
    expect(find((await listed("&status=active")).items, fern.handle)).toHaveLength(1);
    expect((await visitor.get(`/api/gardeners/${fern.handle}`)).body).toMatchObject({ status: "active" });

    expect((await fern.client.delete(`/api/tips/${recent._id}`)).status).toBe(204);
    expect(find((await listed("&status=inactive")).items, fern.handle)[0]).toMatchObject({
      status: "inactive",
      totalSharedTips: 1,
    });
    expect((await visitor.get(`/api/gardeners/${fern.handle}`)).body).toMatchObject({ status: "inactive" });
  });
});

describe("GET /api/profile", () => {
  it("answers the member's own page as everyone sees it, with whether they are listed", async () => {
    const fern = await member();
    await share(fern.client, "Sow sweet peas in October");
    expect((await fern.client.patch("/api/profile", { listed: false, bio: "Cut flowers" })).status).toBe(200);
    const own = await fern.client.get("/api/profile", { schema: ProfileSchema.strict() });
    expect(own.status).toBe(200);
    const { listed, ...page } = own.body;
    expect(listed).toBe(false);
    expect(page).toEqual((await visitor.get(`/api/gardeners/${fern.handle}`)).body);
    expect(page).toMatchObject({ handle: fern.handle, bio: "Cut flowers", totalSharedTips: 1 });
  });

  it("answers 401 with a message to a visitor", async () => {
    const res = await visitor.get("/api/profile", { schema: ApiErrorSchema });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Sign in to see your profile");
  });
});

describe("the gardener page's address", () => {
  it("answers 404 for a handle nobody has, the page for a member's, and leads a given-up handle on", async () => {
    const fern = await member();
    const page = await visitor.get(`/gardeners/${fern.handle}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const nobody = await visitor.get(`/gardeners/nobody_${uniqueWord()}`);
    expect(nobody.status).toBe(404);
    expect(nobody.headers.get("content-type")).toContain("text/html");
    expect((await visitor.get("/gardeners/%00")).status).toBe(404);

    const next = `grows_${uniqueWord()}`;
    expect((await fern.client.patch("/api/profile", { handle: next })).status).toBe(200);
    const moved = await visitor.get(`/gardeners/${fern.handle}?from=mail`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`/gardeners/${next}?from=mail`);
    expect((await visitor.get(`/gardeners/${next}`)).status).toBe(200);
  });
});
