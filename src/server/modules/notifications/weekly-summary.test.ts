import { TZDate } from "@date-fns/tz";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  mailOutbox,
  memberPresence,
  memberSummaries,
  sessions,
  summarySchedule,
  users,
} from "../../db/schema.ts";
import { Metrics } from "../../lib/metrics.ts";
import { createClient } from "../../test/http-client.ts";
import { appPerFile, commentOn, monthOldMember, tipBy } from "../../test/moderation-fixtures.ts";
import { SUMMARY_ABSENCE_DAYS, sendSummaries } from "./weekly-summary.ts";

/**
 * "This week in your garden" (ADR 084): to members away, with 3 items or more, once per slot whichever
 * server decides it and whatever stops a run, spaced out when left unopened, and none after six months
 * away but one that says so.
 */
const app = appPerFile();
const DAY_MS = 86_400_000;

const sweep = (now: Date, extra: Partial<Parameters<typeof sendSummaries>[0]> = {}) =>
  sendSummaries({ db: app.db, baseUrl: "http://localhost", secret: app.authSecret, now, ...extra });

/** The member was last here `days` ago: signed in then, no page open since, the account older. */
async function awayFor(userId: string, days: number) {
  const then = sql`now() - ${`${days} days`}::interval`;
  await app.db.update(sessions).set({ createdAt: then }).where(eq(sessions.userId, userId));
  await app.db.delete(memberPresence).where(eq(memberPresence.userId, userId));
  await app.db
    .update(users)
    .set({ createdAt: sql`now() - ${`${days + 30} days`}::interval` })
    .where(eq(users.id, userId));
}

/** The member's summary is due at `at` (their slot, already planned). */
async function dueAt(userId: string, at: Date) {
  await app.db
    .update(summarySchedule)
    .set({ nextAt: at, planned: true })
    .where(eq(summarySchedule.userId, userId));
}

const scheduleOf = async (userId: string) =>
  (await app.db.select().from(summarySchedule).where(eq(summarySchedule.userId, userId)))[0];

/** The summaries kept in the outbox for `email` (the account's own e-mails carry no List-Unsubscribe). */
const summariesTo = (email: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), isNotNull(mailOutbox.headers)));

const resultsOf = async (userId: string) =>
  (
    await app.db
      .select({ result: memberSummaries.result, items: memberSummaries.items })
      .from(memberSummaries)
      .where(eq(memberSummaries.userId, userId))
  ).map((r) => `${r.result}:${r.items}`);

/** A member away a week with three things waiting: two comments and a like on their tip. */
async function busyMemberAway(name: string) {
  const member = await monthOldMember(app, name);
  const ben = await monthOldMember(app, `${name}'s reader`);
  const tip = await tipBy(member.client, { title: `${name}'s beans` });
  await commentOn(ben.client, tip._id, "How deep do you sow them?");
  await commentOn(ben.client, tip._id, "And how far apart?");
  expect((await ben.client.post(`/api/tips/${tip._id}/like`)).status).toBe(200);
  await awayFor(member.id, 10);
  return { ...member, tip, ben };
}

describe("the summary of what a member missed", () => {
  it("is planned for 08:00 on the member's day in their time zone, and sends nothing then", async () => {
    const rosa = await monthOldMember(app, "Rosa");
    const saved = await rosa.client.patch("/api/settings", { timeZone: "Asia/Tokyo", summaryDay: 3 });
    expect(saved.body).toMatchObject({ emailSummary: true, summaryEvery: "weekly", summaryDay: 3 });
    const now = new Date();
    expect(await sweep(now)).toMatchObject({ planned: expect.any(Number) });
    const next = (await scheduleOf(rosa.id))?.nextAt as Date;
    const local = new TZDate(next.getTime(), "Asia/Tokyo");
    expect([local.getDay(), local.getHours(), local.getMinutes()]).toEqual([3, 8, 0]);
    expect(next.getTime()).toBeGreaterThan(now.getTime());
    expect(next.getTime()).toBeLessThanOrEqual(now.getTime() + 7 * DAY_MS);
    expect(await resultsOf(rosa.id)).toEqual([]);
  });

  it("is sent once, with what waits, a way out in one click, and in text and HTML", async () => {
    const metrics = new Metrics();
    const rosa = await busyMemberAway("Rosa");
    const now = new Date();
    await dueAt(rosa.id, new Date(now.getTime() - 60_000));
    const decided = await sweep(now, { metrics });
    expect(decided.sent).toBeGreaterThanOrEqual(1);
    expect(await resultsOf(rosa.id)).toEqual(["sent:3"]);
    const [mail] = await summariesTo(rosa.account.email);
    expect(mail?.subject).toBe("This week in your garden");
    expect(mail?.text).toMatch(/Rosa's reader \S+ commented on “Rosa's beans”/);
    expect(mail?.text).toContain("“Rosa's beans”: 1 new like");
    expect(mail?.html).toContain("Waiting for your answer");
    const headers = mail?.headers as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link =
      /<(http:\/\/localhost\/unsubscribe\/[^>]+)>/.exec(headers["List-Unsubscribe"] ?? "")?.[1] ?? "";
    // The next slot is a week on; a second run at the same time sends nothing more.
    const next = (await scheduleOf(rosa.id))?.nextAt as Date;
    expect(next.getTime()).toBeGreaterThan(now.getTime() + 6 * DAY_MS);
    expect(await sweep(now)).not.toHaveProperty("sent");
    expect(await summariesTo(rosa.account.email)).toHaveLength(1);
    expect(await metrics.registry.getSingleMetricAsString("garden_summary_mails_total")).toContain(
      'garden_summary_mails_total{result="sent"}',
    );

    // One click from the mail client, without a session: the next slot decides "opted_out".
    const token = link.split("/").at(-1) ?? "";
    expect((await createClient(app.app).post(`/api/unsubscribe/${token}`)).body).toMatchObject({
      stream: "summary",
      subscribed: false,
    });
    expect((await rosa.client.get("/api/settings")).body).toMatchObject({ emailSummary: false });
    await dueAt(rosa.id, new Date(now.getTime() - 60_000));
    await sweep(now);
    expect(await summariesTo(rosa.account.email)).toHaveLength(1);
  });

  it("is not sent with fewer than 3 items, nor to a member who visited in the week", async () => {
    const few = await monthOldMember(app, "Few");
    const reader = await monthOldMember(app, "Reader");
    const tip = await tipBy(few.client);
    await commentOn(reader.client, tip._id, "Only one thing to tell");
    await awayFor(few.id, 10);
    const visitor = await busyMemberAway("Visitor");
    await app.db
      .insert(memberPresence)
      .values({ userId: visitor.id, seenAt: sql`now() - interval '2 days'` });
    const now = new Date();
    await dueAt(few.id, new Date(now.getTime() - 60_000));
    await dueAt(visitor.id, new Date(now.getTime() - 60_000));
    await sweep(now);
    expect(await resultsOf(few.id)).toEqual(["too_few:1"]);
    expect(await resultsOf(visitor.id)).toEqual(["visited:0"]);
    expect(await summariesTo(few.account.email)).toEqual([]);
    expect(await summariesTo(visitor.account.email)).toEqual([]);
  });

  it("goes to each member once when two servers run at once, and once when a run stops between two", async () => {
    const members = await Promise.all(["Ana", "Bo", "Cy", "Di"].map((name) => busyMemberAway(name)));
    const now = new Date();
    for (const member of members) await dueAt(member.id, new Date(now.getTime() - 60_000));
    // A run that dies after its first member, as a crash would: that one is sent, the others wait.
    const crash = new Error("killed");
    await expect(
      sweep(now, {
        afterEach: () => {
          throw crash;
        },
      }),
    ).rejects.toBe(crash);
    // Two servers take the rest at once.
    await Promise.all([sweep(now), sweep(now)]);
    for (const member of members) {
      expect(await resultsOf(member.id), member.account.email).toEqual(["sent:3"]);
      expect(await summariesTo(member.account.email), member.account.email).toHaveLength(1);
    }
  });

  it("run for one member, as the browser tests' clock runs it, decides only theirs", async () => {
    const ana = await busyMemberAway("Ana Only");
    const bo = await busyMemberAway("Bo Later");
    const now = new Date();
    for (const member of [ana, bo]) await dueAt(member.id, new Date(now.getTime() - 60_000));
    expect(await sweep(now, { onlyUserId: ana.id })).toEqual({ sent: 1 });
    expect(await resultsOf(ana.id)).toEqual(["sent:3"]);
    expect(await resultsOf(bo.id)).toEqual([]);
    expect(await sweep(now, { onlyUserId: bo.id })).toEqual({ sent: 1 });
  });

  it("spaces out once left unopened: a fortnight after 4, a month after 8", async () => {
    const rosa = await busyMemberAway("Spaced");
    const now = new Date();
    const unopened = (n: number, from: number) =>
      app.db.insert(memberSummaries).values(
        Array.from({ length: n }, (_, i) => ({
          userId: rosa.id,
          dueAt: new Date(now.getTime() - (from + i) * 3_600_000),
          result: "sent",
          items: 3,
          decidedAt: new Date(now.getTime() - (from + i) * 3_600_000),
        })),
      );
    await unopened(3, 1);
    await dueAt(rosa.id, new Date(now.getTime() - 60_000));
    await sweep(now);
    // That was the fourth unopened: the next comes two weeks on, still on her day.
    const fortnight = (await scheduleOf(rosa.id))?.nextAt as Date;
    expect(fortnight.getTime()).toBeGreaterThan(now.getTime() + 13 * DAY_MS);
    expect(fortnight.getTime()).toBeLessThan(now.getTime() + 21 * DAY_MS);
    expect(fortnight.getUTCDay()).toBe(1);
    await unopened(4, 10);
    await dueAt(rosa.id, new Date(now.getTime() - 30_000));
    await sweep(now);
    const month = (await scheduleOf(rosa.id))?.nextAt as Date;
    expect(month.getTime()).toBeGreaterThan(now.getTime() + 27 * DAY_MS);
  });

  it(`stops after ${SUMMARY_ABSENCE_DAYS} days away, with one last e-mail that says so`, async () => {
    const gone = await busyMemberAway("Gone");
    await awayFor(gone.id, SUMMARY_ABSENCE_DAYS + 10);
    const now = new Date();
    await dueAt(gone.id, new Date(now.getTime() - 60_000));
    await sweep(now);
    await dueAt(gone.id, new Date(now.getTime() - 30_000));
    await sweep(now);
    expect(await resultsOf(gone.id)).toEqual(["farewell:0"]);
    const mails = await summariesTo(gone.account.email);
    expect(mails.map((m) => m.subject)).toEqual(["We'll stop sending your garden summaries"]);
    expect(mails[0]?.text).toContain("this is the last summary we send");
  });

  it("adds the week's most liked tips, not those of a suspended author or one the member blocked", async () => {
    const fans = await Promise.all(["F1", "F2", "F3"].map((name) => monthOldMember(app, name)));
    const liked = async (title: string, author: { client: (typeof fans)[number]["client"] }) => {
      const tip = await tipBy(author.client, { title });
      for (const fan of fans) await fan.client.post(`/api/tips/${tip._id}/like`);
      return tip;
    };
    const [f1, f2, f3] = fans as [(typeof fans)[number], (typeof fans)[number], (typeof fans)[number]];
    await liked("Popular pumpkins", f1);
    await liked("Popular peas", f2);
    await liked("Popular parsnips", f3);
    const banned = await monthOldMember(app, "Banned");
    await liked("Suspended squash", banned);
    await app.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 30 * DAY_MS) })
      .where(eq(users.id, banned.id));
    const blocked = await monthOldMember(app, "Blocked");
    await liked("Blocked beets", blocked);
    // Her own three items send it; the most liked tips come with them.
    const rosa = await busyMemberAway("Lister");
    expect((await rosa.client.post(`/api/blocks/${blocked.handle}`)).status).toBeLessThan(300);
    const now = new Date();
    await dueAt(rosa.id, new Date(now.getTime() - 60_000));
    await sweep(now);
    const [mail] = await summariesTo(rosa.account.email);
    expect(mail?.text).toContain("Most liked this week");
    expect(mail?.text).toMatch(/“Popular pumpkins” by F1 \S+ \(3 likes\)/);
    expect(mail?.text).not.toContain("Suspended squash");
    expect(mail?.text).not.toContain("Blocked beets");
  });
});
