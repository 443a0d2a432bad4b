import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  BOOKMARKS_MAX,
  BookmarkSchema,
  BookmarkStateSchema,
  GONE_BOOKMARK_DAYS,
} from "#shared/schemas/bookmark.ts";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { DEFAULT_SETTINGS, SettingsSchema } from "#shared/schemas/settings.ts";
import { bookmarks, tips } from "../../db/schema.ts";
import { createClient, type TestClient } from "../../test/http-client.ts";
import { signedInMember } from "../../test/members.ts";
import { tipBy } from "../../test/moderation-fixtures.ts";
import { createTestApp } from "../../test/test-db.ts";
import { sweepGoneBookmarks } from "./bookmarks.service.ts";

/**
 * Members save tips for later, privately, with a note and a reminder: what a client sees of the state, the
 * list and its pages, the season reminders, and what a tip deleted, hidden or made private does to them.
 */
let app: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  app = await createTestApp({ config: { RATE_LIMIT: false } });
});
afterAll(async () => {
  await app.close();
});

const DAY = 24 * 60 * 60 * 1000;
const bookmarkPath = (tipId: string) => `/api/tips/${tipId}/bookmark`;
const save = (as: TestClient, tipId: string, body: Record<string, unknown> = {}) =>
  as.put(bookmarkPath(tipId), body);
const stateOf = async (as: TestClient, tipId: string) =>
  (await as.get(bookmarkPath(tipId), { schema: BookmarkStateSchema })).body;

async function listOf(as: TestClient, query = "") {
  const res = await as.get(`/api/bookmarks${query}`, { schema: z.array(BookmarkSchema) });
  expect(res.status, res.text).toBe(200);
  return { items: res.body, next: res.headers.get("x-next-cursor") };
}

async function member(name = "Saver") {
  return signedInMember(app, { name });
}

describe("saving a tip", () => {
  it("saves, changes and takes back a bookmark idempotently, private to its member", async () => {
    const author = await member("Author");
    const saver = await member();
    const other = await member("Other");
    const tip = await tipBy(author.client, { title: "Mulch before the frost" });
    expect(await stateOf(saver.client, tip._id)).toEqual({
      bookmarked: false,
      note: "",
      remindAt: null,
      remindSeason: null,
    });

    const remindAt = new Date(Date.now() + 10 * DAY);
    const first = await save(saver.client, tip._id, {
      note: "  For the roses  ",
      remindAt: remindAt.toISOString(),
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      bookmarked: true,
      note: "For the roses",
      remindAt: remindAt.toISOString(),
      remindSeason: null,
    });
    // Saving again replaces the note and the reminder.
    const again = await save(saver.client, tip._id, { note: "Roses and dahlias" });
    expect(again.body).toEqual({
      bookmarked: true,
      note: "Roses and dahlias",
      remindAt: null,
      remindSeason: null,
    });
    expect(await stateOf(saver.client, tip._id)).toMatchObject({
      bookmarked: true,
      note: "Roses and dahlias",
    });

    const { items } = await listOf(saver.client);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      tipId: tip._id,
      note: "Roses and dahlias",
      remindAt: null,
      remindedAt: null,
      tip: { _id: tip._id, title: "Mulch before the frost" },
      gone: null,
    });
    // Nobody else sees it.
    expect((await listOf(other.client)).items).toEqual([]);
    expect(await stateOf(other.client, tip._id)).toMatchObject({ bookmarked: false });

    for (let i = 0; i < 2; i++) {
      const removed = await saver.client.delete(bookmarkPath(tip._id), { schema: BookmarkStateSchema });
      expect(removed.status).toBe(200);
      expect(removed.body.bookmarked).toBe(false);
    }
    expect((await listOf(saver.client)).items).toEqual([]);
  });

  it("refuses a visitor, bad fields and a tip the member may not see, saving nothing", async () => {
    const author = await member("Author");
    const saver = await member();
    const tip = await tipBy(author.client);
    const privateTip = await tipBy(author.client, { availability: "Private" });
    const visitor = createClient(app.app);
    for (const res of [
      await save(visitor, tip._id),
      await visitor.get(bookmarkPath(tip._id)),
      await visitor.get("/api/bookmarks"),
      await visitor.delete(bookmarkPath(tip._id)),
    ]) {
      expect(res.status).toBe(401);
      expect(ApiErrorSchema.parse(res.body).message).toBe("Sign in to save tips");
    }

    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{ note: "x".repeat(101) }, /at most 100 characters/],
      [{ note: "two\nlines" }, /one line/],
      [{ note: "bell\u0007" }, /control characters/],
      [{ note: 12 }, /must be text/],
      [{ remindAt: new Date(Date.now() - 60_000).toISOString() }, /in the future/],
      [{ remindAt: new Date(Date.now() + 800 * DAY).toISOString() }, /two years ahead/],
      [{ remindAt: "next tuesday" }, /date and time/],
      [{ remindSeason: "winter" }, /spring, autumn/],
      [{ remindAt: new Date(Date.now() + DAY).toISOString(), remindSeason: "spring" }, /not both/],
    ];
    for (const [body, message] of refusals) {
      const res = await save(saver.client, tip._id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    // Someone else's private tip, and no tip at all.
    for (const id of [privateTip._id, "6a1f6e7e-8b0e-4f57-9a55-0c2c1e0b9f00", "not-an-id"]) {
      const res = await save(saver.client, id, {});
      expect(res.status).toBe(404);
    }
    expect((await listOf(saver.client)).items).toEqual([]);
    // Its author may save their own private tip.
    expect((await save(author.client, privateTip._id)).status).toBe(200);
  });

  it("refuses a tip on hold, saying why, and shows a saved one no longer to be seen without its content", async () => {
    const author = await member("Author");
    const saver = await member();
    const tip = await tipBy(author.client, { title: "Soon private" });
    const held = await tipBy(author.client, { title: "Soon held" });
    expect((await save(saver.client, tip._id, { note: "later" })).status).toBe(200);
    expect((await save(saver.client, held._id)).status).toBe(200);

    await app.db.update(tips).set({ hold: "spam" }).where(eq(tips.id, held._id));
    const refused = await save(saver.client, held._id, { note: "again" });
    expect(refused.status).toBe(404);
    // Told as the tip's own page tells it.
    const page = await saver.client.get(`/api/tips/${held._id}`);
    expect(page.status).toBe(404);
    expect(ApiErrorSchema.parse(refused.body).message).toBe(ApiErrorSchema.parse(page.body).message);
    const edit = { ...tip, availability: "Private" };
    expect((await author.client.put(`/api/tips/${tip._id}`, edit)).status).toBe(200);

    const { items } = await listOf(saver.client);
    expect(items.map((item) => [item.tipId, item.tip, item.gone, item.note])).toEqual([
      [held._id, undefined, null, ""],
      [tip._id, undefined, null, "later"],
    ]);
    // It can still be taken back.
    expect((await saver.client.delete(bookmarkPath(tip._id))).status).toBe(200);
    expect((await listOf(saver.client)).items.map((item) => item.tipId)).toEqual([held._id]);
  });
});

describe("a deleted tip's bookmark", () => {
  it("says so with the title for three days, then goes; a removed tip on hold is not named", async () => {
    const author = await member("Author");
    const saver = await member();
    const tip = await tipBy(author.client, { title: "Deleted by its author" });
    const held = await tipBy(author.client, { title: "Removed while held" });
    for (const id of [tip._id, held._id])
      expect((await save(saver.client, id, { note: "mine" })).status).toBe(200);

    const before = Date.now();
    expect((await author.client.delete(`/api/tips/${tip._id}`)).status).toBe(204);
    await app.db.update(tips).set({ hold: "rude or harassing" }).where(eq(tips.id, held._id));
    expect((await author.client.delete(`/api/tips/${held._id}`)).status).toBe(204);

    const { items } = await listOf(saver.client);
    const byId = new Map(items.map((item) => [item.tipId, item]));
    const deleted = byId.get(tip._id);
    expect(deleted).toMatchObject({ note: "mine", gone: { title: "Deleted by its author" } });
    expect(deleted?.tip).toBeUndefined();
    const goesAt = Date.parse(deleted?.gone?.goesAt ?? "");
    expect(goesAt).toBeGreaterThanOrEqual(before + GONE_BOOKMARK_DAYS * DAY - 1000);
    expect(goesAt).toBeLessThanOrEqual(Date.now() + GONE_BOOKMARK_DAYS * DAY + 1000);
    expect(byId.get(held._id)).toMatchObject({ gone: { title: null } });
    expect(byId.get(held._id)?.tip).toBeUndefined();
    // A deleted tip cannot be saved again, but its bookmark can be taken back.
    expect((await save(saver.client, tip._id)).status).toBe(404);

    // Three days on (the test moves the deletion back), it is gone from the list, then from the table.
    const threeDaysAgo = new Date(Date.now() - GONE_BOOKMARK_DAYS * DAY - 60_000);
    await app.db.update(bookmarks).set({ tipGoneAt: threeDaysAgo }).where(eq(bookmarks.tipId, tip._id));
    expect((await listOf(saver.client)).items.map((item) => item.tipId)).toEqual([held._id]);
    expect((await saver.client.get(bookmarkPath(tip._id))).status).toBe(404);
    expect(await sweepGoneBookmarks(app.db, new Date())).toBeGreaterThanOrEqual(1);
    const left = await app.db.select().from(bookmarks).where(eq(bookmarks.userId, saver.id));
    expect(left.map((row) => row.tipId)).toEqual([held._id]);
  });
});

describe("the list of bookmarks", () => {
  it("pages newest first by cursor, without repeats, and refuses a malformed cursor", async () => {
    const author = await member("Author");
    const saver = await member();
    const saved: string[] = [];
    for (let i = 0; i < 23; i++) {
      const tip = await tipBy(author.client, { title: `Paged ${i}` });
      expect((await save(saver.client, tip._id)).status).toBe(200);
      saved.unshift(tip._id);
    }
    const first = await listOf(saver.client);
    expect(first.items).toHaveLength(20);
    expect(first.next).toBeTruthy();
    const second = await listOf(saver.client, `?cursor=${first.next}`);
    expect(second.next).toBeNull();
    expect([...first.items, ...second.items].map((item) => item.tipId)).toEqual(saved);
    const small = await listOf(saver.client, "?limit=5");
    expect(small.items.map((item) => item.tipId)).toEqual(saved.slice(0, 5));

    for (const query of ["?cursor=nonsense", "?limit=0", "?limit=101"]) {
      const res = await saver.client.get(`/api/bookmarks${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it(`keeps at most ${BOOKMARKS_MAX} bookmarks an account, still letting it change those it has`, async () => {
    const author = await member("Author");
    const saver = await member();
    const kept = await tipBy(author.client);
    const one = await tipBy(author.client);
    expect((await save(saver.client, kept._id)).status).toBe(200);
    // The rest of the allowance, written straight to the table.
    await app.db.execute(
      sql`insert into bookmarks (user_id, tip_id) select ${saver.id}, gen_random_uuid() from generate_series(1, ${BOOKMARKS_MAX - 1})`,
    );
    const refused = await save(saver.client, one._id);
    expect(refused.status).toBe(422);
    expect(ApiErrorSchema.parse(refused.body).message).toMatch(/2,000 bookmarks/);
    expect((await save(saver.client, kept._id, { note: "still mine" })).status).toBe(200);
    expect((await saver.client.delete(bookmarkPath(kept._id))).status).toBe(200);
    expect((await save(saver.client, one._id)).status).toBe(200);
  });
});

describe("season reminders", () => {
  /** The day and hour a time shows in `timeZone`, as "month/day hour". */
  const localOf = (iso: string, timeZone: string) =>
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
    }).format(new Date(iso));

  it("asks for the hemisphere first, then resolves next spring and autumn in the member's own", async () => {
    const author = await member("Author");
    const saver = await member();
    const tip = await tipBy(author.client);
    const asked = await save(saver.client, tip._id, { remindSeason: "spring" });
    expect(asked.status).toBe(422);
    expect(ApiErrorSchema.parse(asked.body).message).toMatch(/hemisphere/);
    expect(await stateOf(saver.client, tip._id)).toMatchObject({ bookmarked: false });

    const cases = [
      { hemisphere: "north", timeZone: "Europe/London", spring: "03/01, 08", autumn: "09/01, 08" },
      { hemisphere: "south", timeZone: "Australia/Sydney", spring: "09/01, 08", autumn: "03/01, 08" },
    ] as const;
    for (const { hemisphere, timeZone, ...expected } of cases) {
      const set = await saver.client.patch(
        "/api/settings",
        { hemisphere, timeZone },
        { schema: SettingsSchema },
      );
      expect(set.body).toMatchObject({ hemisphere, timeZone });
      for (const season of ["spring", "autumn"] as const) {
        const res = await save(saver.client, tip._id, { remindSeason: season, note: season });
        expect(res.status, res.text).toBe(200);
        const state = BookmarkStateSchema.parse(res.body);
        expect(state.remindSeason).toBe(season);
        expect(localOf(state.remindAt ?? "", timeZone)).toBe(expected[season]);
        // The first such morning ahead: within the coming year.
        const at = Date.parse(state.remindAt ?? "");
        expect(at).toBeGreaterThan(Date.now());
        expect(at).toBeLessThanOrEqual(Date.now() + 366 * DAY);
      }
    }
  });
});

describe("a member's settings", () => {
  it("start empty, change field by field, refuse what is no time zone, and belong to the member alone", async () => {
    const saver = await member();
    const other = await member("Other");
    // Every kind of notification is made, and e-mail of comments and mentions while away is on, until
    // the member turns them off.
    const { hemisphere: _h, timeZone: _t, ...mail } = DEFAULT_SETTINGS;
    expect(mail).toMatchObject({ emailReplies: true, emailSummary: true, mutedKinds: [], quietHours: null });
    expect((await saver.client.get("/api/settings", { schema: SettingsSchema })).body).toEqual({
      hemisphere: null,
      timeZone: null,
      ...mail,
    });
    expect((await saver.client.patch("/api/settings", { hemisphere: "south" })).body).toEqual({
      hemisphere: "south",
      timeZone: null,
      ...mail,
    });
    expect((await saver.client.patch("/api/settings", { timeZone: "America/Santiago" })).body).toEqual({
      hemisphere: "south",
      timeZone: "America/Santiago",
      ...mail,
    });
    for (const body of [
      { timeZone: "Mars/Olympus" },
      { timeZone: "x".repeat(500) },
      { hemisphere: "east" },
      { emailReplies: "no" },
      { emailMentions: null },
      { mutedKinds: ["reminder"] },
      { mutedKinds: "like" },
      { quietHours: { from: "22:00", to: "22:00" } },
      { quietHours: { from: "24:00", to: "07:00" } },
      { quietHours: { from: "7:00", to: "22:00" } },
      { quietHours: { from: "22:00" } },
      { quietHours: "night" },
      { summaryEvery: "monthly" },
      { summaryDay: 7 },
      { summaryDay: 1.5 },
      { emailSummary: "yes" },
    ]) {
      const res = await saver.client.patch("/api/settings", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await saver.client.patch("/api/settings", { hemisphere: null, emailMentions: false })).body,
    ).toEqual({
      hemisphere: null,
      timeZone: "America/Santiago",
      ...mail,
      emailMentions: false,
    });
    // Quiet hours past midnight, kept as given, and taken away again.
    const night = { from: "22:30", to: "07:00" };
    expect((await saver.client.patch("/api/settings", { quietHours: night })).body).toMatchObject({
      quietHours: night,
      emailMentions: false,
    });
    expect((await saver.client.get("/api/settings")).body).toMatchObject({ quietHours: night });
    expect((await saver.client.patch("/api/settings", { quietHours: null })).body).toMatchObject({
      quietHours: null,
    });
    expect((await other.client.get("/api/settings")).body).toEqual({
      hemisphere: null,
      timeZone: null,
      ...mail,
    });
    const visitor = createClient(app.app);
    expect((await visitor.get("/api/settings")).status).toBe(401);
    expect((await visitor.patch("/api/settings", { hemisphere: "north" })).status).toBe(401);
  });
});
