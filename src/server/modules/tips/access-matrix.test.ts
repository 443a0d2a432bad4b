import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVAILABILITIES, type Availability } from "#shared/constants.ts";
import { BookmarkSchema } from "#shared/schemas/bookmark.ts";
import { CommentSchema } from "#shared/schemas/comment.ts";
import { type Tip, TipSchema } from "#shared/schemas/tip.ts";
import { tips, users } from "../../db/schema.ts";
import { seedDemoData } from "../../db/seed.ts";
import { createClient, newAccount, type TestClient } from "../../test/http-client.ts";
import { signedInMember } from "../../test/members.ts";
import { createTestApp } from "../../test/test-db.ts";

/**
 * Who may read and write a tip, from one table (ADR 012). Every route that reads or writes tips, for a
 * visitor, another signed-in user and the author, against a Public, a Hidden and a Private tip. Each
 * cell gets a tip of its own, so a write in one cell cannot change what another observes.
 */

type Actor = "visitor" | "other" | "author";
type Expected = Record<Availability, number | "listed" | "absent">;
type Row = {
  route: string;
  access: "read" | "write";
  /** Makes the request and answers the status, or whether the tip is in the list answered. */
  call: (as: TestClient, tip: Tip, authorEmail: string) => Promise<number | "listed" | "absent">;
  expect: Record<Actor, Expected>;
};

const all = (value: number | "listed" | "absent"): Expected => ({
  Public: value,
  Hidden: value,
  Private: value,
});
const onlyPublic = (yes: number | "listed", no: number | "absent"): Expected => ({
  Public: yes,
  Hidden: no,
  Private: no,
});

const listed = async (as: TestClient, path: string, tip: Tip) => {
  const res = await as.get(path, { schema: TipSchema.array() });
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return res.body.some((t) => t._id === tip._id) ? "listed" : "absent";
};

/** The tip's own fields as the edit form sends them back, its title changed. */
const editBody = ({ title, plantType, difficulty, description, images, category, availability }: Tip) => ({
  title: `${title} (edited)`,
  ...{ plantType, difficulty, description, images, category, availability },
});

const MATRIX: Row[] = [
  {
    route: "GET /api/tips/{id}",
    access: "read",
    call: async (as, tip) => (await as.get(`/api/tips/${tip._id}`)).status,
    expect: { visitor: onlyPublic(200, 404), other: onlyPublic(200, 404), author: all(200) },
  },
  {
    route: "GET /api/tips (public list)",
    access: "read",
    call: (as, tip) => listed(as, "/api/tips?sort=newest&limit=100", tip),
    expect: {
      visitor: onlyPublic("listed", "absent"),
      other: onlyPublic("listed", "absent"),
      author: onlyPublic("listed", "absent"),
    },
  },
  {
    route: "GET /api/tips?q= (search)",
    access: "read",
    call: (as, tip) => listed(as, `/api/tips?q=${encodeURIComponent(tip.title)}`, tip),
    expect: {
      visitor: onlyPublic("listed", "absent"),
      other: onlyPublic("listed", "absent"),
      author: onlyPublic("listed", "absent"),
    },
  },
  {
    route: "GET /api/tips?email={author}",
    access: "read",
    call: async (as, tip, authorEmail) => {
      const res = await as.get(`/api/tips?email=${encodeURIComponent(authorEmail)}&limit=100`);
      if (res.status !== 200) return res.status;
      const listedTips = TipSchema.array().parse(res.body);
      return listedTips.some((t) => t._id === tip._id) ? "listed" : "absent";
    },
    expect: { visitor: all(403), other: all(403), author: all("listed") },
  },
  {
    // The author's gardener page lists their public tips only, to the author too: it is their public face.
    route: "GET /api/gardeners/{author}/tips",
    access: "read",
    call: (as, tip) => listed(as, `/api/gardeners/${authorHandle}/tips?limit=100`, tip),
    expect: {
      visitor: onlyPublic("listed", "absent"),
      other: onlyPublic("listed", "absent"),
      author: onlyPublic("listed", "absent"),
    },
  },
  {
    // A member's own profile: only ever their own, so every member may read and change it, nobody else.
    route: "GET /api/profile",
    access: "read",
    call: async (as) => (await as.get("/api/profile")).status,
    expect: { visitor: all(401), other: all(200), author: all(200) },
  },
  {
    route: "PATCH /api/profile",
    access: "write",
    call: async (as) => (await as.patch("/api/profile", { location: "Here" })).status,
    expect: { visitor: all(401), other: all(200), author: all(200) },
  },
  {
    // A tip's comments go with the tip: whoever may see it reads them, anyone else learns nothing.
    route: "GET /api/tips/{id}/comments",
    access: "read",
    call: async (as, tip) => (await as.get(`/api/tips/${tip._id}/comments`)).status,
    expect: { visitor: onlyPublic(200, 404), other: onlyPublic(200, 404), author: all(200) },
  },
  {
    route: "POST /api/tips/{id}/comments",
    access: "write",
    call: async (as, tip) =>
      (await as.post(`/api/tips/${tip._id}/comments`, { body: `Comment ${uniqueSuffix()}` })).status,
    expect: { visitor: all(401), other: onlyPublic(201, 404), author: all(201) },
  },
  {
    // On the author's own comment: others may neither change nor delete it, and on a tip they may not
    // see, its comments are not there for them.
    route: "PATCH /api/comments/{id}",
    access: "write",
    call: async (as, tip) =>
      (await as.patch(`/api/comments/${await authorsComment(tip)}`, { body: "Changed" })).status,
    expect: { visitor: all(401), other: onlyPublic(403, 404), author: all(200) },
  },
  {
    route: "DELETE /api/comments/{id}",
    access: "write",
    call: async (as, tip) => (await as.delete(`/api/comments/${await authorsComment(tip)}`)).status,
    expect: { visitor: all(401), other: onlyPublic(403, 404), author: all(204) },
  },
  {
    route: "PUT /api/tips/{id}",
    access: "write",
    call: async (as, tip) => (await as.put(`/api/tips/${tip._id}`, editBody(tip))).status,
    expect: { visitor: all(401), other: all(403), author: all(200) },
  },
  {
    route: "DELETE /api/tips/{id}",
    access: "write",
    call: async (as, tip) => (await as.delete(`/api/tips/${tip._id}`)).status,
    expect: { visitor: all(401), other: all(403), author: all(204) },
  },
  {
    route: "POST /api/tips/{id}/like",
    access: "write",
    call: async (as, tip) => (await as.post(`/api/tips/${tip._id}/like`)).status,
    expect: { visitor: all(401), other: onlyPublic(200, 404), author: all(200) },
  },
  {
    route: "DELETE /api/tips/{id}/like",
    access: "write",
    call: async (as, tip) => (await as.delete(`/api/tips/${tip._id}/like`)).status,
    expect: { visitor: all(401), other: onlyPublic(200, 404), author: all(200) },
  },
  {
    route: "PUT /api/tips/{id}/bookmark",
    access: "write",
    call: async (as, tip) => (await as.put(`/api/tips/${tip._id}/bookmark`, { note: "later" })).status,
    expect: { visitor: all(401), other: onlyPublic(200, 404), author: all(200) },
  },
  {
    // Saved (when the caller may), then read back from the caller's own list.
    route: "GET /api/bookmarks",
    access: "read",
    call: async (as, tip) => {
      await as.put(`/api/tips/${tip._id}/bookmark`, {});
      const res = await as.get("/api/bookmarks");
      if (res.status !== 200) return res.status;
      const saved = BookmarkSchema.array().parse(res.body);
      return saved.some((bookmark) => bookmark.tip?._id === tip._id) ? "listed" : "absent";
    },
    expect: { visitor: all(401), other: onlyPublic("listed", "absent"), author: all("listed") },
  },
  {
    // A tip one may not see, never saved, is no tip at all to them.
    route: "GET /api/tips/{id}/bookmark",
    access: "read",
    call: async (as, tip) => (await as.get(`/api/tips/${tip._id}/bookmark`)).status,
    expect: { visitor: all(401), other: onlyPublic(200, 404), author: all(200) },
  },
  {
    route: "DELETE /api/tips/{id}/bookmark",
    access: "write",
    call: async (as, tip) => (await as.delete(`/api/tips/${tip._id}/bookmark`)).status,
    expect: { visitor: all(401), other: onlyPublic(200, 404), author: all(200) },
  },
  {
    route: "PUT /api/tips/{id}/mute",
    access: "write",
    call: async (as, tip) => (await as.put(`/api/tips/${tip._id}/mute`, {})).status,
    expect: { visitor: all(401), other: onlyPublic(200, 404), author: all(200) },
  },
  {
    // A tip one may not see, never muted, is no tip at all to them.
    route: "GET /api/tips/{id}/mute",
    access: "read",
    call: async (as, tip) => (await as.get(`/api/tips/${tip._id}/mute`)).status,
    expect: { visitor: all(401), other: onlyPublic(200, 404), author: all(200) },
  },
  {
    route: "DELETE /api/tips/{id}/mute",
    access: "write",
    call: async (as, tip) => (await as.delete(`/api/tips/${tip._id}/mute`)).status,
    expect: { visitor: all(401), other: onlyPublic(200, 404), author: all(200) },
  },
];

const uniqueSuffix = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** A comment of the tip's author on their tip, for the rows that change or delete one. */
async function authorsComment(tip: Tip): Promise<string> {
  const res = await actors.author.post(
    `/api/tips/${tip._id}/comments`,
    { body: `Mine ${uniqueSuffix()}` },
    { schema: CommentSchema },
  );
  expect(res.status, res.text).toBe(201);
  return res.body._id;
}

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let actors: Record<Actor, TestClient>;
let authorEmail: string;
let authorHandle: string;
let counter = 0;

async function signedUp(account = newAccount()) {
  const client = createClient(ctx.app);
  const res = await client.post("/api/auth/sign-up/email", account);
  expect(res.status, res.text).toBe(200);
  return client;
}

async function share(availability: Availability): Promise<Tip> {
  counter += 1;
  const res = await actors.author.post(
    "/api/tips",
    {
      title: `Matrix tip ${counter} ${Date.now()}`,
      plantType: "Fern",
      difficulty: "Easy",
      description: "Keep the soil moist and out of the afternoon sun.",
      images: "https://images.example.com/fern.png",
      category: "Plant Care",
      availability,
    },
    { schema: TipSchema },
  );
  expect(res.status, res.text).toBe(201);
  return res.body;
}

beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
  // Verified members a few days old, whom no brake for newcomers holds back.
  const author = await signedInMember(ctx, { name: "Matrix Author" });
  authorEmail = author.account.email;
  actors = {
    visitor: createClient(ctx.app),
    other: (await signedInMember(ctx, { name: "Matrix Other" })).client,
    author: author.client,
  };
  const [row] = await ctx.db
    .select({ handle: users.handle })
    .from(users)
    .where(eq(users.email, authorEmail.toLowerCase()));
  authorHandle = row?.handle ?? "";
});
afterAll(async () => {
  await ctx.close();
});

describe("the access matrix", () => {
  const cells = MATRIX.flatMap((row) =>
    (["visitor", "other", "author"] as const).flatMap((actor) =>
      AVAILABILITIES.map((availability) => ({ row, actor, availability })),
    ),
  );
  it.each(cells.map((cell) => [cell.row.route, cell.row.access, cell.actor, cell.availability, cell]))(
    "%s (%s) by %s on a %s tip",
    async (_route, _access, _actor, _availability, { row, actor, availability }) => {
      const tip = await share(availability);
      expect(await row.call(actors[actor], tip, authorEmail)).toBe(row.expect[actor][availability]);

      // A refused write changes nothing: the author still reads the tip as it was.
      const after = await actors.author.get(`/api/tips/${tip._id}`);
      const expected = row.expect[actor][availability];
      if (row.access === "write" && typeof expected === "number" && expected >= 400) {
        expect(after.status).toBe(200);
        expect(after.body).toMatchObject({ title: tip.title, availability, totalLiked: 0 });
      }
    },
  );
});

describe("a demo gardener's e-mail gives nothing of theirs", () => {
  const ROWAN = "rowan.ellis@example.com";

  beforeAll(async () => {
    await seedDemoData(ctx.db);
  });

  async function rowansTips() {
    const [rowan] = await ctx.db.select().from(users).where(eq(users.email, ROWAN));
    expect(rowan?.signInDisabled).toBe(true);
    const rows = await ctx.db
      .select()
      .from(tips)
      .where(and(eq(tips.authorId, rowan?.id ?? "")))
      // In a fixed order: without one, PostgreSQL answers in whatever order the rows lie, which moves
      // when a row is rewritten, and the comparison below would fail on the order alone.
      .orderBy(asc(tips.id));
    expect(rows.length).toBeGreaterThan(0);
    return rows;
  }

  it("cannot sign up with it, nor sign in to it", async () => {
    for (const email of [ROWAN, ROWAN.toUpperCase()]) {
      const client = createClient(ctx.app);
      const signUp = await client.post("/api/auth/sign-up/email", newAccount({ email }));
      expect(signUp.status, signUp.text).toBeGreaterThanOrEqual(400);
      expect(signUp.status).toBeLessThan(500);
      expect((await client.get("/api/auth/get-session")).body).toBeNull();
      const signIn = await client.post("/api/auth/sign-in/email", { email, password: "Sunflower7" });
      expect(signIn.status).toBe(401);
    }
  });

  it("lists none of their tips by e-mail, and changes none of them", async () => {
    const before = await rowansTips();
    const hidden = before.filter((t) => t.availability !== "Public");
    const impostor = await signedUp();
    for (const client of [impostor, actors.visitor]) {
      expect((await client.get(`/api/tips?email=${ROWAN}`)).status).toBe(403);
      for (const tip of before) {
        const read = await client.get(`/api/tips/${tip.id}`);
        expect(read.status).toBe(tip.availability === "Public" ? 200 : 404);
        const edit = await client.put(`/api/tips/${tip.id}`, {
          title: "Taken over",
          plantType: tip.plantType,
          difficulty: tip.difficulty,
          description: tip.description,
          category: tip.category,
          availability: "Public",
        });
        expect(edit.status).toBe(client === impostor ? 403 : 401);
        expect((await client.delete(`/api/tips/${tip.id}`)).status).toBe(client === impostor ? 403 : 401);
      }
    }
    expect(hidden.length).toBeGreaterThan(0);
    expect(await rowansTips()).toEqual(before);
  });
});
