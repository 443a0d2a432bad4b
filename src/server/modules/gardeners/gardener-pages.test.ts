import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { GardenerPageSchema } from "#shared/schemas/gardener.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { gardeners, users } from "../../db/schema.ts";
import { createClient, newAccount, newTip, type TestClient } from "../../test/http-client.ts";
import { createTestApp } from "../../test/test-db.ts";

// Every account's gardener page, /api/gardeners/{handle} (ADR 039).

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let visitor: TestClient;
beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
  visitor = createClient(ctx.app);
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
    await ctx.db.insert(gardeners).values({
      name: `Rowan ${word}`,
      email,
      status: "inactive",
      age: 52,
      gender: "Male",
      experiences: "20 years",
      location: "Cork",
      certifications: [],
    });
    await ctx.db
      .insert(users)
      .values({ id: `demo-${word}`, name: `Rowan ${word}`, email, signInDisabled: true });
    const res = await visitor.get(`/api/gardeners/rowan_${word}`, { schema: GardenerPageSchema.strict() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      handle: `rowan_${word}`,
      name: `Rowan ${word}`,
      email,
      status: "inactive",
      age: 52,
      gender: "Male",
      experiences: "20 years",
      location: "Cork",
    });
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
  it("changes the member's handle and page, in any case, and the old handle names nobody", async () => {
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
      { schema: GardenerPageSchema.strict() },
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
    expect((await visitor.get(`/api/gardeners/${next}`, { schema: GardenerPageSchema })).body).toEqual(
      res.body,
    );
    expect((await visitor.get(`/api/gardeners/${fern.handle}`)).status).toBe(404);

    // Empty or null clears a field; what is left out stays.
    const cleared = await fern.client.patch(
      "/api/profile",
      { bio: "", age: null, certifications: [] },
      { schema: GardenerPageSchema.strict() },
    );
    expect(cleared.body).not.toHaveProperty("bio");
    expect(cleared.body).not.toHaveProperty("age");
    expect(cleared.body).not.toHaveProperty("certifications");
    expect(cleared.body.location).toBe("Leeds");
  });

  it("refuses a taken handle with 409 and a reserved or malformed one with 400, changing nothing", async () => {
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
