import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import {
  AppealSchema,
  LogEntrySchema,
  NoticeSchema,
  RemovalCountSchema,
} from "#shared/schemas/moderation.ts";
import { mailOutbox, moderationCases, moderationNotices, reports, users } from "../../db/schema.ts";
import { MailQueue } from "../../mail/mail-queue.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { createClient, type TestClient } from "../../test/http-client.ts";
import { establishedMember, signedInMember } from "../../test/members.ts";
import {
  caseInQueue,
  moderationTestApp,
  reportBy,
  settleCase,
  tipBy,
  waitForMail,
} from "../../test/moderation-fixtures.ts";
import { deliverNotices, mailOverdue } from "./notices.ts";
import { endSuspensions } from "./releases.ts";

/**
 * Everyone is told (ADR 043): the author every decision, in the site and by e-mail, with one appeal; the
 * reporters the outcome; the moderators the reports past their time.
 */
const { app, moderator } = moderationTestApp();

const Notices = z.array(NoticeSchema);
const delivery = () => ({ db: app.db, mailer: app.mailer, baseUrl: "http://localhost", logger: console });

const report = (member: { client: TestClient }, tipId: string, reason = "off-topic") =>
  reportBy(member, "tip", tipId, reason);
/** The case about the item in the queue: its report case, or its appeal. */
const caseOf = (targetId: string, appeal = false) => caseInQueue(moderator.client, targetId, appeal);
const decide = (caseId: string, body: Record<string, unknown>) => settleCase(moderator.client, caseId, body);

/** The moderation e-mails to `to`, once the decision's own delivery (after its answer) has sent them. */
const mailTo = (to: string, count = 1) =>
  waitForMail(app, to, {
    count,
    where: (mail) => !mail.subject.startsWith("Confirm your e-mail"),
    deliver: () => deliverNotices(delivery()),
  });

const tokenIn = (mail: MailMessage | undefined) => mail?.text.match(/\/appeal#([\w-]+)/)?.[1] ?? "";

async function noticesOf(member: { client: TestClient }) {
  const res = await member.client.get("/api/moderation/notices", { schema: Notices });
  expect(res.status).toBe(200);
  return res.body;
}

describe("a decision", () => {
  it("is told to its author in the site and by e-mail with the reason, and its reporters learn the outcome", async () => {
    const author = await signedInMember(app);
    const tip = await tipBy(author.client);
    const reporters = [await signedInMember(app), await signedInMember(app)];
    for (const reporter of reporters) await report(reporter, tip._id);
    await decide((await caseOf(tip._id))._id, { action: "hide", reason: "Selling seeds, not a tip" });

    const [notice] = await noticesOf(author);
    expect(notice).toMatchObject({
      seen: false,
      decision: { action: "hide", reason: "Selling seeds, not a tip", answersAppeal: false },
      item: { type: "tip", title: tip.title, path: `/tips/${tip._id}`, gone: false, hidden: true },
      suspendedUntil: null,
      appeal: { filed: null },
    });
    const until = Date.parse(notice?.appeal.until ?? "") - Date.parse(notice?.decision.decidedAt ?? "");
    expect(until).toBe(20 * 24 * 3_600_000);
    // Nobody else is told the author's decisions.
    expect(await noticesOf(reporters[0] as NonNullable<(typeof reporters)[0]>)).toEqual([]);

    const [mail] = await mailTo(author.account.email);
    expect(mail?.subject).toBe("A moderator's decision about what you posted");
    expect(mail?.text).toContain(`A moderator hid your tip “${tip.title}”`);
    expect(mail?.text).toContain("The moderator's reason: “Selling seeds, not a tip”");
    expect(tokenIn(mail)).toMatch(/^[\w-]{43}$/);
    for (const reporter of reporters) {
      const [told] = await mailTo(reporter.account.email);
      expect(told?.subject).toBe("Your report: we removed it");
      expect(told?.text).toContain("http://localhost/reports");
      // The reporter's e-mail names no one.
      expect(told?.text).not.toContain(author.account.name);
    }

    const seen = await author.client.post(`/api/moderation/notices/${notice?._id}/seen`, {});
    expect(seen.status).toBe(204);
    expect((await noticesOf(author))[0]?.seen).toBe(true);
    const notMine = await reporters[0]?.client.post(`/api/moderation/notices/${notice?._id}/seen`, {});
    expect(notMine?.status).toBe(404);
  });

  it("e-mails a reporter once per outcome, each naming its own item", async () => {
    const author = await signedInMember(app);
    const [first, second] = [await tipBy(author.client), await tipBy(author.client)];
    const reporter = await signedInMember(app);
    const other = await signedInMember(app);
    await report(reporter, first._id);
    await report(other, first._id);
    await report(reporter, second._id, "spam");
    const outcomes = (to: string) =>
      app.mailer.sent.filter((mail) => mail.to === to && mail.subject.startsWith("Your report"));

    await decide((await caseOf(first._id))._id, { action: "hide", reason: "Not a tip" });
    await mailTo(reporter.account.email);
    await mailTo(other.account.email);
    // Every delivery after the first finds nothing more to send.
    await deliverNotices(delivery());
    expect(outcomes(reporter.account.email).map((mail) => mail.text)).toEqual([
      expect.stringContaining(`Thank you for reporting the tip “${first.title}”. We removed it.`),
    ]);
    expect(outcomes(other.account.email)).toHaveLength(1);

    await decide((await caseOf(second._id))._id, { action: "dismiss", reason: "A fair tip" });
    await mailTo(reporter.account.email, 2);
    await deliverNotices(delivery());
    expect(outcomes(reporter.account.email).map((mail) => mail.text)).toEqual([
      expect.stringContaining(`the tip “${first.title}”. We removed it.`),
      expect.stringContaining(`the tip “${second.title}”. We reviewed it and left it up.`),
    ]);
    // The second decision was not about the other reporter's report.
    expect(outcomes(other.account.email)).toHaveLength(1);
  });

  it("that leaves the item up tells the reporters so, and may not be appealed", async () => {
    const author = await signedInMember(app);
    const tip = await tipBy(author.client);
    const reporter = await signedInMember(app);
    await report(reporter, tip._id);
    await decide((await caseOf(tip._id))._id, { action: "dismiss", reason: "A fair tip" });
    const [told] = await mailTo(reporter.account.email);
    expect(told?.subject).toBe("Your report: we reviewed it and left it up");
    const [notice] = await noticesOf(author);
    expect(notice?.appeal.until).toBeNull();
    const [mail] = await mailTo(author.account.email);
    expect(mail?.text).toContain(
      `A moderator looked at reports about your tip “${tip.title}” and left it up.`,
    );
    expect(tokenIn(mail)).toBe("");
    const appeal = await author.client.post("/api/moderation/appeals", {
      caseId: notice?.decision.caseId,
      note: "Why was it reported?",
    });
    expect(appeal.status).toBe(422);
    expect(ApiErrorSchema.parse(appeal.body).message).toBe(
      "This decision left your item up: there is nothing to appeal",
    );
  });

  it("is e-mailed again by the next delivery a minute after the mail server refused it", async () => {
    const author = await signedInMember(app);
    const tip = await tipBy(author.client);
    await report(await signedInMember(app), tip._id);
    await decide((await caseOf(tip._id))._id, { action: "warn", reason: "Keep it about gardening" });
    // Once the decision's own delivery has sent it, the notice is made unsent again, as if that send had
    // never happened: this test's deliveries alone touch it from here on.
    await mailTo(author.account.email);
    const [caseRow] = await app.db
      .select({ id: moderationCases.id })
      .from(moderationCases)
      .where(eq(moderationCases.targetId, tip._id));
    const notice = and(
      eq(moderationNotices.caseId, caseRow?.id ?? ""),
      eq(moderationNotices.userId, author.id),
    );
    await app.db.update(moderationNotices).set({ mailedAt: null, mailClaimedAt: null }).where(notice);
    const before = app.mailer.sent.length;

    const failing = {
      ...app.mailer,
      send: async () => {
        throw new Error("451 try again later");
      },
    };
    const errors: string[] = [];
    const failedAt = Date.now();
    await deliverNotices({
      ...delivery(),
      mailer: failing,
      logger: { error: (m) => errors.push(m) },
      now: () => failedAt,
    });
    expect(errors.join("\n")).toContain("the next sweep tries again");
    const [kept] = await app.db
      .select({ mailedAt: moderationNotices.mailedAt })
      .from(moderationNotices)
      .where(notice);
    expect(kept?.mailedAt).toBeNull();

    // Tried again a minute later, not before: a mail server that refused is given time.
    await deliverNotices({ ...delivery(), now: () => failedAt + 59_000 });
    expect(app.mailer.sent.slice(before).filter((mail) => mail.to === author.account.email)).toEqual([]);
    await deliverNotices({ ...delivery(), now: () => failedAt + 61_000 });
    const again = app.mailer.sent.slice(before).filter((mail) => mail.to === author.account.email);
    expect(again).toHaveLength(1);
    expect(again[0]?.text).toContain("this is a warning");
    const [sent] = await app.db
      .select({ mailedAt: moderationNotices.mailedAt })
      .from(moderationNotices)
      .where(notice);
    expect(sent?.mailedAt).toBeInstanceOf(Date);
  });
});

describe("an appeal", () => {
  it("goes back into the queue once; the moderator's reversal shows the tip again and is final", async () => {
    const author = await signedInMember(app);
    const tip = await tipBy(author.client);
    const reporters = [await establishedMember(app), await establishedMember(app)];
    for (const reporter of reporters) await report(reporter, tip._id, "rude or harassing");
    const original = await caseOf(tip._id);
    await decide(original._id, { action: "hide", reason: "Rude to readers" });
    const [notice] = await noticesOf(author);
    const caseId = notice?.decision.caseId;

    const stranger = await signedInMember(app);
    expect((await stranger.client.post("/api/moderation/appeals", { caseId, note: "Mine!" })).status).toBe(
      404,
    );
    expect((await createClient(app.app).post("/api/moderation/appeals", { caseId, note: "Hi" })).status).toBe(
      401,
    );
    const empty = await author.client.post("/api/moderation/appeals", { caseId, note: "   " });
    expect(empty.status).toBe(400);

    const res = await author.client.post(
      "/api/moderation/appeals",
      { caseId, note: "It was a joke among friends" },
      { schema: AppealSchema },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ caseId, note: "It was a joke among friends" });
    const again = await author.client.post("/api/moderation/appeals", { caseId, note: "Please" });
    expect(again.status).toBe(409);
    expect(ApiErrorSchema.parse(again.body).message).toBe("You have appealed this decision already");
    expect((await noticesOf(author))[0]?.appeal.filed).toMatchObject({
      note: "It was a joke among friends",
      status: "open",
    });

    // In the queue with the decision it appeals, weighing what that decision's reports weighed.
    const appeal = await caseOf(tip._id, true);
    expect(appeal).toMatchObject({
      weight: 4,
      appeal: {
        note: "It was a joke among friends",
        decision: { action: "hide", reason: "Rude to readers" },
      },
      item: { hidden: true },
    });
    expect(appeal.reports).toHaveLength(2);

    await decide(appeal._id, { action: "dismiss", reason: "Fair enough: restored" });
    expect((await createClient(app.app).get(`/api/tips/${tip._id}`)).status).toBe(200);
    const notices = await noticesOf(author);
    expect(notices.map((n) => [n.decision.action, n.decision.answersAppeal, n.appeal.until])).toEqual([
      ["dismiss", true, null],
      ["hide", false, notice?.appeal.until],
    ]);
    expect(notices[1]?.appeal.filed?.status).toBe("reversed");
    const mails = await mailTo(author.account.email, 2);
    expect(mails.at(-1)?.text).toContain("A moderator read your appeal and reversed the decision");
    const final = await author.client.post("/api/moderation/appeals", {
      caseId: notices[0]?.decision.caseId,
      note: "Thanks",
    });
    expect(final.status).toBe(422);

    const log = await moderator.client.get(`/api/moderation/log?member=${tip.authorHandle}`, {
      schema: z.array(LogEntrySchema),
    });
    expect(log.body.map((entry) => [entry.action, entry.actor.name, entry.reason]).slice(0, 3)).toEqual([
      ["dismiss", moderator.account.name, "Fair enough: restored"],
      ["appeal", author.account.name, "It was a joke among friends"],
      ["hide", moderator.account.name, "Rude to readers"],
    ]);
  });

  it("is refused after 20 days", async () => {
    const author = await signedInMember(app);
    const tip = await tipBy(author.client);
    await report(await signedInMember(app), tip._id);
    await decide((await caseOf(tip._id))._id, { action: "hide", reason: "Off-topic" });
    const [notice] = await noticesOf(author);
    await app.db
      .update(moderationCases)
      .set({ decidedAt: new Date(Date.now() - 20 * 24 * 3_600_000 - 60_000) })
      .where(eq(moderationCases.id, notice?.decision.caseId ?? ""));
    const res = await author.client.post("/api/moderation/appeals", {
      caseId: notice?.decision.caseId,
      note: "Late",
    });
    expect(res.status).toBe(422);
    expect(ApiErrorSchema.parse(res.body).message).toMatch(
      /^Decisions may be appealed for 20 days: this one could be until \d{4}-\d\d-\d\d$/,
    );
  });

  it("reaches a suspended author through the e-mail's link, and a reversal lets them sign in again", async () => {
    const spammer = await signedInMember(app);
    const tip = await tipBy(spammer.client);
    await report(await signedInMember(app), tip._id, "spam");
    await decide((await caseOf(tip._id))._id, {
      action: "suspend",
      reason: "Advertising",
      durationHours: 72,
    });
    expect((await createClient(app.app).post("/api/auth/sign-in/email", spammer.account)).status).toBe(403);

    const [mail] = await mailTo(spammer.account.email);
    expect(mail?.subject).toBe("Your Gardening Community account is suspended");
    expect(mail?.text).toMatch(/suspended your account: .* It lasts until \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    const token = tokenIn(mail);
    const browser = createClient(app.app);
    const wrong = await browser.post("/api/moderation/notices/lookup", { token: `${token}x` });
    expect(wrong.status).toBe(404);
    const lookup = await browser.post("/api/moderation/notices/lookup", { token }, { schema: NoticeSchema });
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({
      seen: true,
      decision: { action: "suspend", reason: "Advertising", durationHours: 72 },
    });
    expect(lookup.body.suspendedUntil).toMatch(/^\d{4}-/);

    const otherCase = await browser.post("/api/moderation/appeals", {
      caseId: "00000000-0000-4000-8000-000000000000",
      note: "Not mine",
      token,
    });
    expect(otherCase.status).toBe(404);
    await appealAndReverse(token, lookup.body.decision.caseId, tip._id, {
      note: "My account was stolen",
      reason: "Stolen account, restored",
    });
    expect((await createClient(app.app).post("/api/auth/sign-in/email", spammer.account)).status).toBe(200);
    expect((await createClient(app.app).get(`/api/tips/${tip._id}`)).status).toBe(200);
  });
});

/**
 * The suspended author appeals through the notice's link (`token`, no session), and a moderator reverses
 * the decision on the tip's case, dismissing it with `reason`.
 */
async function appealAndReverse(
  token: string,
  caseId: string,
  tipId: string,
  { note, reason }: { note: string; reason: string },
) {
  const appeal = await createClient(app.app).post("/api/moderation/appeals", { caseId, note, token });
  expect(appeal.status).toBe(201);
  await decide((await caseOf(tipId, true))._id, { action: "dismiss", reason });
}

describe("a reversed suspension", () => {
  it("ends only the suspension it brought: a later one stays", async () => {
    const spammer = await signedInMember(app);
    const [first, second] = [await tipBy(spammer.client), await tipBy(spammer.client)];
    await report(await signedInMember(app), first._id);
    await decide((await caseOf(first._id))._id, {
      action: "suspend",
      reason: "First time",
      durationHours: 24,
    });
    const [firstMail] = await mailTo(spammer.account.email);
    const token = tokenIn(firstMail);
    // The first suspension runs out; later, another member's report brings an indefinite one.
    await app.db
      .update(users)
      .set({ suspendedUntil: sql`now() - interval '1 second'` })
      .where(eq(users.id, spammer.id));
    await endSuspensions(app.db);
    await report(await signedInMember(app), second._id);
    await decide((await caseOf(second._id))._id, { action: "suspend", reason: "Again" });

    const lookup = await createClient(app.app).post(
      "/api/moderation/notices/lookup",
      { token },
      { schema: NoticeSchema },
    );
    await appealAndReverse(token, lookup.body.decision.caseId, first._id, {
      note: "The first was a mistake",
      reason: "The first was a mistake",
    });
    expect((await createClient(app.app).get(`/api/tips/${first._id}`)).status).toBe(404);
    const signIn = await createClient(app.app).post("/api/auth/sign-in/email", spammer.account);
    expect(signIn.status).toBe(403);
    expect(ApiErrorSchema.parse(signIn.body).message).toMatch(
      /^Your account is suspended by the moderators\. /,
    );
  });
});

describe("the sweep", () => {
  /** A tip reported 49 hours ago by the test's clock: past the 48 hours a case may wait. */
  const overdueCase = async () => {
    const author = await signedInMember(app);
    const tip = await tipBy(author.client);
    await report(await signedInMember(app), tip._id);
    const { _id } = await caseOf(tip._id);
    await app.db
      .update(reports)
      .set({ createdAt: new Date(Date.now() - 49 * 3_600_000) })
      .where(eq(reports.caseId, _id));
    return { tip, _id };
  };

  it("e-mails every moderator once about reports waiting more than 48 hours", async () => {
    const { tip, _id } = await overdueCase();
    expect((await caseOf(tip._id)).overdue).toBe(true);
    const before = app.mailer.sent.length;
    expect(await mailOverdue(delivery())).toBeGreaterThanOrEqual(1);
    const mail = app.mailer.sent.slice(before).find((m) => m.to === moderator.account.email);
    expect(mail?.subject).toMatch(/^\d+ reported items? wait more than 48 hours for a moderator$/);
    expect(mail?.text).toContain("http://localhost/moderation");
    // Told once: the next sweep finds it already told.
    const [row] = await app.db
      .select({ at: moderationCases.overdueMailedAt })
      .from(moderationCases)
      .where(eq(moderationCases.id, _id));
    expect(row?.at).toBeInstanceOf(Date);
    const afterFirst = app.mailer.sent.filter((m) => m.to === moderator.account.email).length;
    await mailOverdue(delivery());
    expect(app.mailer.sent.filter((m) => m.to === moderator.account.email).length).toBe(afterFirst);
  });

  it("keeps the overdue e-mails while the mail server is down, and sends them once it is back", async () => {
    await overdueCase();
    const down = {
      describe: "down",
      local: false,
      send: async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      },
    };
    const before = app.mailer.sent.length;
    const errors: unknown[] = [];
    const quiet = { error: (...args: unknown[]) => void errors.push(args), warn: () => {} };
    expect(await mailOverdue({ ...delivery(), mailer: down, logger: quiet })).toBeGreaterThanOrEqual(1);
    expect(app.mailer.sent.length).toBe(before);
    const queued = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, moderator.account.email), isNull(mailOutbox.sentAt)));
    expect(queued.map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/^\d+ reported items? wait more than 48 hours for a moderator$/),
    );
    // The test's clock: the retry is due now.
    await app.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(isNull(mailOutbox.sentAt));
    await new MailQueue(app.db, app.mailer, quiet).deliver();
    expect(app.mailer.sent.slice(before).map((m) => m.to)).toContain(moderator.account.email);
  });

  it("ends a suspension and the hold with it; reports still open wait in the queue", async () => {
    const spammer = await signedInMember(app);
    const tips = await Promise.all([1, 2].map(() => tipBy(spammer.client)));
    // The decision closes the first tip's report alone: the second tip's stays open.
    await report(await signedInMember(app), tips[0]?._id ?? "", "off-topic");
    await report(await establishedMember(app), tips[1]?._id ?? "", "spam");
    await decide((await caseOf(tips[0]?._id ?? ""))._id, {
      action: "suspend",
      reason: "Spam",
      durationHours: 24,
    });
    await app.db
      .update(users)
      .set({ suspendedUntil: sql`now() - interval '1 second'` })
      .where(eq(users.id, spammer.id));
    await endSuspensions(app.db);
    const [row] = await app.db
      .select({ held: users.held, until: users.suspendedUntil })
      .from(users)
      .where(eq(users.id, spammer.id));
    expect(row).toEqual({ held: false, until: null });
    expect((await createClient(app.app).get(`/api/tips/${tips[1]?._id}`)).status).toBe(200);
    expect((await caseOf(tips[1]?._id ?? "")).weight).toBe(2);
  });
});

describe("the public removals page", () => {
  const count = async (reason: string) => {
    const res = await createClient(app.app).get("/api/moderation/removals", {
      schema: z.array(RemovalCountSchema),
    });
    expect(res.status).toBe(200);
    // Names nothing: months, reasons and counts only.
    for (const row of res.body) expect(Object.keys(row).sort()).toEqual(["count", "month", "reason"]);
    expect(res.body.every((row) => /^\d{4}-\d\d$/.test(row.month))).toBe(true);
    // Summed over the months: a decision made across midnight at a month's end still counts once.
    return res.body.filter((row) => row.reason === reason).reduce((sum, row) => sum + row.count, 0);
  };

  it("counts removals by month and reason, not what was left up, and not what an appeal reversed", async () => {
    const before = await count("copyright");
    const author = await signedInMember(app);
    const [kept, removed, reversed] = [
      await tipBy(author.client),
      await tipBy(author.client),
      await tipBy(author.client),
    ];
    for (const tip of [kept, removed, reversed])
      await report(await signedInMember(app), tip._id, "copyright");
    await decide((await caseOf(kept._id))._id, { action: "dismiss", reason: "Their own photo" });
    await decide((await caseOf(removed._id))._id, { action: "delete", reason: "A book's page, copied" });
    await decide((await caseOf(reversed._id))._id, { action: "hide", reason: "Copied text" });
    expect(await count("copyright")).toBe(before + 2);

    const notice = (await noticesOf(author)).find((n) => n.item.title === reversed.title);
    const appeal = await author.client.post("/api/moderation/appeals", {
      caseId: notice?.decision.caseId,
      note: "I wrote it myself",
    });
    expect(appeal.status).toBe(201);
    await decide((await caseOf(reversed._id, true))._id, { action: "dismiss", reason: "Original text" });
    expect(await count("copyright")).toBe(before + 1);
  });
});
