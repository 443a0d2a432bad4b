import { and, eq, isNotNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { quietUntil, timeOf } from "#shared/quiet-hours.ts";
import { NotificationSchema, UnsubscribeSchema } from "#shared/schemas/notification.ts";
import { SettingsSchema } from "#shared/schemas/settings.ts";
import { mailOutbox, notifications } from "../../db/schema.ts";
import { Metrics } from "../../lib/metrics.ts";
import { createClient, type TestClient } from "../../test/http-client.ts";
import { signedInMember } from "../../test/members.ts";
import { appPerFile, commentOn, monthOldMember, tipBy } from "../../test/moderation-fixtures.ts";
import { AWAY_MS, DAILY_MAILS, sendNotificationMails } from "./notification-mail.ts";

/**
 * Comments that wait unread while a member is away reach them by e-mail (ADR 081), once, with a link out
 * that works in one click and without a session; every e-mail not sent is counted with its reason.
 */
const app = appPerFile();

const member = (name: string) => monthOldMember(app, name);

/** The test's clock: the sweep runs at `now`, and a notification came `minutes` before it. */
const now = () => new Date();
async function cameMinutesAgo(userId: string, minutes: number) {
  await app.db
    .update(notifications)
    .set({ createdAt: sql`now() - ${`${minutes} minutes`}::interval` })
    .where(eq(notifications.userId, userId));
}

const run = (metrics?: Metrics) =>
  sendNotificationMails({
    db: app.db,
    baseUrl: "http://localhost",
    secret: app.authSecret,
    metrics,
    now: now(),
  });

/** The notification e-mails kept for `email` (the account's own e-mails carry no List-Unsubscribe). */
const mailsTo = (email: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), isNotNull(mailOutbox.headers)));

async function mailStates(userId: string) {
  return app.db
    .select({ kind: notifications.kind, state: notifications.mailState, note: notifications.mailNote })
    .from(notifications)
    .where(eq(notifications.userId, userId));
}

describe("a comment while the member is away", () => {
  it("is e-mailed once, 10 minutes on, whichever of two servers' runs takes it, with a one-click way out", async () => {
    const rosa = await member("Rosa");
    const ben = await member("Ben");
    const tip = await tipBy(rosa.client, { title: "Mulch in May" });
    const comment = await commentOn(ben.client, tip._id, "How thick a layer?\nTwo inches or more?");

    // Not yet: it came a moment ago.
    await run();
    expect(await mailStates(rosa.id)).toEqual([{ kind: "comment", state: null, note: null }]);

    await cameMinutesAgo(rosa.id, AWAY_MS / 60_000 + 1);
    const [first, second] = await Promise.all([run(), run()]);
    expect((first.sent ?? 0) + (second.sent ?? 0)).toBe(1);
    await run();
    const mails = await mailsTo(rosa.account.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`${ben.account.name} commented on “Mulch in May”`);
    expect(mail?.text).toContain("“How thick a layer? Two inches or more?”");
    expect(mail?.text).toContain(`http://localhost/tips/${tip._id}#comment-${comment._id}`);
    expect(mail?.html).toContain("Unsubscribe");
    const link = /<(http:\/\/localhost\/unsubscribe\/[^>]+)>/.exec(
      mail?.headers?.["List-Unsubscribe"] ?? "",
    )?.[1];
    expect(link).toBeTruthy();
    expect(mail?.headers?.["List-Unsubscribe"]).toMatch(
      /, <mailto:unsubscribe@localhost\?subject=unsubscribe%20replies>$/,
    );
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail?.text).toContain(link);
    expect(await mailStates(rosa.id)).toEqual([{ kind: "comment", state: "sent", note: null }]);

    // Reading the link changes nothing: mail scanners open links. The one-click POST, without a cookie,
    // turns the stream off; again answers the same.
    const visitor = createClient(app.app);
    const path = new URL(link ?? "").pathname;
    const token = path.split("/").at(-1);
    const read = await visitor.get(`/api/unsubscribe/${token}`, { schema: UnsubscribeSchema });
    expect(read.body).toEqual({
      stream: "replies",
      about: "comments on your tips and replies to your comments",
      subscribed: true,
    });
    expect((await settingsOf(rosa.client)).emailReplies).toBe(true);
    for (let i = 0; i < 2; i++) {
      const res = await app.app.request(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(res.status).toBe(200);
      expect(UnsubscribeSchema.parse(await res.json())).toMatchObject({
        stream: "replies",
        subscribed: false,
      });
    }
    expect(await settingsOf(rosa.client)).toMatchObject({ emailReplies: false, emailMentions: true });
    expect((await visitor.get(`/api/unsubscribe/${token}`)).body).toMatchObject({ subscribed: false });

    // Unsubscribed, the next comment is not e-mailed, and says why.
    const cai = await member("Cai");
    const other = await tipBy(rosa.client);
    await commentOn(cai.client, other._id, "Lovely");
    await cameMinutesAgo(rosa.id, 11);
    await run();
    expect((await mailStates(rosa.id)).map((n) => n.note).sort()).toEqual([null, "opted_out"]);
  });

  it("is not e-mailed once read, nor while the member has a page open, nor twice a day about one tip", async () => {
    const metrics = new Metrics();
    const rosa = await member("Rosa");
    const ben = await member("Ben");
    const read = await tipBy(rosa.client, { title: "Read in time" });
    const seen = await tipBy(rosa.client, { title: "Seen in time" });
    await commentOn(ben.client, read._id, "First");
    expect((await rosa.client.post("/api/notifications/read")).status).toBe(200);
    await commentOn(ben.client, seen._id, "Second");
    await cameMinutesAgo(rosa.id, 11);
    // Her page asks for the count: she is there.
    expect((await rosa.client.get("/api/notifications/unread-count")).status).toBe(200);
    await run(metrics);
    expect((await mailStates(rosa.id)).map((n) => n.note).sort()).toEqual(["present", "read"]);
    expect(await mailsTo(rosa.account.email)).toEqual([]);

    // Dee is away: of two comments on one tip, one e-mail.
    const dee = await member("Dee");
    const busy = await tipBy(dee.client);
    await commentOn(ben.client, busy._id, "One");
    await commentOn(rosa.client, busy._id, "Two");
    await cameMinutesAgo(dee.id, 11);
    await run(metrics);
    expect((await mailStates(dee.id)).map((n) => n.state ?? "").sort()).toEqual(["sent", "skipped"]);
    expect((await mailStates(dee.id)).find((n) => n.state === "skipped")?.note).toBe("tip_mailed_today");
    expect(await mailsTo(dee.account.email)).toHaveLength(1);

    const figures = await metrics.registry.getSingleMetricAsString("garden_notification_mails_total");
    for (const [result, count] of [
      ["present", 1],
      ["read", 1],
      ["sent", 1],
      ["tip_mailed_today", 1],
    ] as const)
      expect(figures).toContain(`garden_notification_mails_total{result="${result}"} ${count}`);
  });

  it("waits through the member's quiet hours, then is e-mailed; one read meanwhile is not", async () => {
    const metrics = new Metrics();
    const rosa = await member("Rosa");
    const ben = await member("Ben");
    // Quiet from an hour ago until two hours on, on the clocks of UTC.
    const start = now();
    const minute = start.getUTCHours() * 60 + start.getUTCMinutes();
    const at = (offset: number) => timeOf((minute + offset + 1440) % 1440);
    const quiet = { from: at(-60), to: at(120) };
    const set = await rosa.client.patch("/api/settings", { quietHours: quiet, timeZone: "UTC" });
    expect(set.body).toMatchObject({ quietHours: quiet, timeZone: "UTC" });
    const tip = await tipBy(rosa.client);
    const other = await tipBy(rosa.client);
    await commentOn(ben.client, tip._id, "Late at night");
    await commentOn(ben.client, other._id, "Also late");
    const at11 = new Date(start.getTime() + 11 * 60_000);
    const sweep = (at: Date) =>
      sendNotificationMails({
        db: app.db,
        baseUrl: "http://localhost",
        secret: app.authSecret,
        metrics,
        now: at,
      });

    expect(await sweep(at11)).toEqual({ postponed: 2 });
    expect(await sweep(new Date(start.getTime() + 60 * 60_000))).toEqual({});
    expect(await mailsTo(rosa.account.email)).toEqual([]);
    // She reads one in the night; the other waits for the morning.
    const [first] = (await rosa.client.get("/api/notifications", { schema: z.array(NotificationSchema) }))
      .body;
    expect((await rosa.client.post("/api/notifications/read", { ids: [first?._id] })).status).toBe(200);
    const end = quietUntil(quiet, "UTC", at11);
    expect(end?.getTime()).toBeGreaterThan(start.getTime() + 119 * 60_000);
    expect(await sweep(end as Date)).toEqual({ read: 1, sent: 1 });
    expect(await mailsTo(rosa.account.email)).toHaveLength(1);
    expect(await metrics.registry.getSingleMetricAsString("garden_notification_mails_total")).toContain(
      'garden_notification_mails_total{result="postponed"} 2',
    );
  });

  it(`stops at ${DAILY_MAILS} e-mails a member in a day`, async () => {
    const rosa = await member("Rosa");
    const ben = await member("Ben");
    await app.db.insert(notifications).values(
      Array.from({ length: DAILY_MAILS }, () => ({
        userId: rosa.id,
        kind: "mention" as const,
        mailState: "sent" as const,
        mailDecidedAt: sql`now() - interval '1 hour'`,
        readAt: sql`now()`,
      })),
    );
    const tip = await tipBy(rosa.client);
    await commentOn(ben.client, tip._id, "One too many");
    await cameMinutesAgo(rosa.id, 11);
    await run();
    const [capped] = await app.db
      .select({ note: notifications.mailNote })
      .from(notifications)
      .where(and(eq(notifications.userId, rosa.id), eq(notifications.kind, "comment")));
    expect(capped?.note).toBe("daily_cap");
    expect(await mailsTo(rosa.account.email)).toEqual([]);
  });

  it("is never sent for new accounts that mention a member, however many from one address", async () => {
    const rosa = await member("Rosa");
    const host = await member("Host");
    const tip = await tipBy(host.client, { title: "Anything at all" });
    // More than a day's e-mails, from accounts two days old she does not follow, all from one address.
    const attackers = DAILY_MAILS + 4;
    for (let n = 0; n < attackers; n++) {
      const spam = await signedInMember(app, { name: `Spam ${n}`, address: "203.0.113.66" });
      await commentOn(spam.client, tip._id, `@${rosa.handle} see this, number ${n}`);
    }
    await cameMinutesAgo(rosa.id, AWAY_MS / 60_000 + 1);
    const metrics = new Metrics();
    expect(await run(metrics)).toEqual({ from_newcomer: attackers });
    expect(await mailsTo(rosa.account.email)).toEqual([]);
    expect(await metrics.registry.getSingleMetricAsString("garden_notification_mails_total")).toContain(
      `garden_notification_mails_total{result="from_newcomer"} ${attackers}`,
    );

    // One from a member of standing still reaches her inbox.
    await commentOn(host.client, tip._id, `@${rosa.handle} this one is real`);
    await cameMinutesAgo(rosa.id, AWAY_MS / 60_000 + 1);
    expect(await run()).toEqual({ sent: 1 });
    // In the site the new accounts' wait apart, out of the bell's count, for her to look at if she chooses.
    const count = await rosa.client.get("/api/notifications/unread-count");
    expect(count.body).toEqual({ count: 1, fromNewcomers: attackers });
  });

  it("refuses a link this site did not sign, and changes nothing", async () => {
    const rosa = await member("Rosa");
    const visitor = createClient(app.app);
    for (const token of ["nope", "cm9zYQ~replies~aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", `${"x".repeat(201)}`]) {
      const res = await visitor.post(`/api/unsubscribe/${token}`, {});
      expect([404, 400]).toContain(res.status);
      expect(res.body).toHaveProperty("message");
    }
    const forged = await app.app.request("/unsubscribe/cm9zYQ~mentions~aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", {
      method: "POST",
    });
    expect(forged.status).toBe(404);
    expect(await forged.json()).toEqual({
      message: "This unsubscribe link is not one we sent: use the one in the e-mail",
    });
    expect(await settingsOf(rosa.client)).toMatchObject({ emailReplies: true, emailMentions: true });
  });
});

async function settingsOf(client: TestClient) {
  const res = await client.get("/api/settings", { schema: SettingsSchema });
  expect(res.status).toBe(200);
  return res.body;
}
