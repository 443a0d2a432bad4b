import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ACCOUNT_ON_HOLD, HIDDEN_PENDING_REVIEW } from "#shared/constants.ts";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { LogEntrySchema } from "#shared/schemas/moderation.ts";
import { moderationNotices, reports, users } from "../../db/schema.ts";
import { silentLogger } from "../../lib/logger.ts";
import { createClient, newClientAddress, newTip, type TestClient } from "../../test/http-client.ts";
import { establishedMember, signedInMember } from "../../test/members.ts";
import {
  decideCase,
  type Member,
  memberWithRole,
  moderationTestApp,
  postReport,
  queueItemAbout,
  tipBy,
  waitForMail,
} from "../../test/moderation-fixtures.ts";
import { listNotices } from "./notices.ts";
import { readQueue } from "./queue.ts";
import { HOLD_LAPSES_AFTER_HOURS, lapseHolds } from "./releases.ts";
import { REPORTS_PER_ADDRESS_PER_DAY } from "./reports.ts";
import { startModerationSweep } from "./sweep.ts";

/**
 * Reports cannot be turned against the members they protect (ADR 049): only established members'
 * reports count, once per address; reports hold only a new account, and any decision but a suspension
 * ends that hold; nobody decides a case about themselves, a case about the team is an administrator's,
 * and no administrator is suspended through the site.
 */
const { app, moderator } = moderationTestApp();
let administrator: Member;
beforeAll(async () => {
  administrator = await memberWithRole(app, "administrator");
});

const visitor = () => createClient(app.app);

const report = (member: { client: TestClient }, tipId: string, reason = "spam") =>
  postReport(member.client, { targetType: "tip", targetId: tipId, reason, note: "" });

async function reportAll(reporters: Member[], tipId: string, reason = "spam") {
  for (const reporter of reporters) expect((await report(reporter, tipId, reason)).status).toBe(201);
}

const shown = async (tipId: string) => (await visitor().get(`/api/tips/${tipId}`)).status === 200;

async function isHeld(memberId: string) {
  const [row] = await app.db.select({ held: users.held }).from(users).where(eq(users.id, memberId));
  return row?.held ?? false;
}

/** The open case about a tip, as `decider` reads the queue; undefined when it is not in their queue. */
const caseAbout = (decider: { client: TestClient }, tipId: string) => queueItemAbout(decider.client, tipId);
const decide = (decider: { client: TestClient }, caseId: string, action: string, reason = "Looked at it") =>
  decideCase(decider.client, caseId, { action, reason });

describe("reports from free accounts", () => {
  it("five new accounts on one address hide nothing and hold nobody: the case waits in the queue", async () => {
    const target = await establishedMember(app, { days: 10, name: "Targeted" });
    const tip = await tipBy(target.client);
    const address = newClientAddress();
    const attackers: Member[] = [];
    for (let i = 0; i < 5; i++)
      attackers.push(await signedInMember(app, { ageHours: 1, name: "Fresh", address }));
    await reportAll(attackers, tip._id);

    expect(await shown(tip._id)).toBe(true);
    expect(await isHeld(target.id)).toBe(false);
    expect((await target.client.post("/api/tips", newTip("Still sharing"))).status).toBe(201);
    const waiting = await caseAbout(moderator, tip._id);
    expect(waiting).toMatchObject({ weight: 0, item: { hidden: false }, author: { held: false } });
    expect(waiting?.reports).toHaveLength(5);
    // The queue shows the moderator who they are: an hour old, counting for nothing, sharing an address.
    for (const filed of waiting?.reports ?? []) {
      expect(filed.weight).toBe(0);
      expect(filed.reporter.sharesAddress).toBe(true);
      expect(filed.reporter.record).toEqual({ upheld: 0, dismissed: 0 });
      expect(Date.now() - Date.parse(filed.reporter.joinedAt)).toBeLessThan(2 * 3_600_000);
    }
    // Dismissed, their record says so the next time they report.
    expect((await decide(moderator, waiting?._id ?? "", "dismiss", "Nothing wrong")).status).toBe(200);
    const again = await tipBy(target.client);
    await reportAll(attackers.slice(0, 2), again._id);
    const next = await caseAbout(moderator, again._id);
    expect(next?.reports.map((filed) => filed.reporter.record)).toEqual([
      { upheld: 0, dismissed: 1 },
      { upheld: 0, dismissed: 1 },
    ]);
  });

  it("established members at one address count once", async () => {
    const author = await signedInMember(app, { name: "Author" });
    const tip = await tipBy(author.client);
    const household = newClientAddress();
    const [first, second] = [
      await establishedMember(app, { address: household }),
      await establishedMember(app, { address: household }),
    ];
    await reportAll([first, second] as Member[], tip._id, "off-topic");
    expect(await shown(tip._id)).toBe(true);
    await reportAll([await establishedMember(app)], tip._id, "off-topic");
    expect(await shown(tip._id)).toBe(false);
    const log = await administrator.client.get("/api/moderation/log?limit=50", {
      schema: z.array(LogEntrySchema),
    });
    expect(log.body.find((entry) => entry.target.id === tip._id)?.reason).toBe(
      "Reports weighing 4 from 2 members (off-topic)",
    );
  });
});

describe("a hold by reports", () => {
  it("three established members still hold a new spammer; deleting one tip ends the hold for the rest", async () => {
    const spammer = await signedInMember(app, { name: "Spammer" });
    const [advert, other] = [await tipBy(spammer.client), await tipBy(spammer.client)];
    const reporters = [
      await establishedMember(app),
      await establishedMember(app),
      await establishedMember(app),
    ];
    // Two hide the advert; the third reports the spammer's other tip, which the hold then hides too.
    await reportAll(reporters.slice(0, 2), advert._id);
    expect(await isHeld(spammer.id)).toBe(false);
    await reportAll(reporters.slice(2), other._id);

    expect(await shown(advert._id)).toBe(false);
    expect(await isHeld(spammer.id)).toBe(true);
    const hidden = await visitor().get(`/api/tips/${other._id}`, { schema: ApiErrorSchema });
    expect(hidden.body.message).toBe(HIDDEN_PENDING_REVIEW);
    const refused = await spammer.client.post("/api/tips", newTip("More adverts"), {
      schema: ApiErrorSchema,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACCOUNT_ON_HOLD);

    const waiting = await caseAbout(moderator, advert._id);
    expect((await decide(moderator, waiting?._id ?? "", "delete", "An advert")).status).toBe(200);
    expect((await visitor().get(`/api/tips/${advert._id}`)).status).toBe(404);
    expect(await isHeld(spammer.id)).toBe(false);
    expect(await shown(other._id)).toBe(true);
    expect((await spammer.client.post("/api/tips", newTip("A real tip"))).status).toBe(201);
    // The same reports do not hold the account again: they were weighed before the hold ended.
    expect(await isHeld(spammer.id)).toBe(false);
  });

  it.each([
    ["dismiss", true],
    ["hide", false],
    ["warn", false],
  ] as const)("ends with a %s decision too", async (action, itemShown) => {
    const spammer = await signedInMember(app, { name: "Held" });
    const [reported, other] = [await tipBy(spammer.client), await tipBy(spammer.client)];
    await reportAll([await establishedMember(app), await establishedMember(app)], reported._id);
    await reportAll([await establishedMember(app)], other._id);
    expect(await isHeld(spammer.id)).toBe(true);
    const waiting = await caseAbout(moderator, reported._id);
    expect((await decide(moderator, waiting?._id ?? "", action)).status).toBe(200);
    expect(await isHeld(spammer.id)).toBe(false);
    expect(await shown(other._id)).toBe(true);
    expect(await shown(reported._id)).toBe(itemShown);
  });

  it("lifts by itself when no moderator confirms it in 72 hours, and tells the member by e-mail", async () => {
    const spammer = await signedInMember(app, { name: "Unconfirmed" });
    const [advert, other] = [await tipBy(spammer.client), await tipBy(spammer.client)];
    await reportAll([await establishedMember(app), await establishedMember(app)], advert._id);
    await reportAll([await establishedMember(app)], other._id);
    expect(await isHeld(spammer.id)).toBe(true);
    // Not yet: the cases wait, and the time has not passed.
    expect(await lapseHolds(app.db, async () => {})).toBe(0);
    expect(await isHeld(spammer.id)).toBe(true);

    // The test's clock: the hold began 72 hours and a minute ago.
    await app.db
      .update(users)
      .set({ heldAt: new Date(Date.now() - (HOLD_LAPSES_AFTER_HOURS * 60 + 1) * 60_000) })
      .where(eq(users.id, spammer.id));
    const stop = startModerationSweep({
      db: app.db,
      logger: silentLogger,
      mailer: app.mailer,
      baseUrl: "http://localhost",
      intervalMs: 3_600_000,
    });
    try {
      await waitForMail(app, spammer.account.email.toLowerCase(), {
        where: (mail) => mail.subject === "Your account is no longer on hold",
      });
    } finally {
      stop();
    }
    expect(await isHeld(spammer.id)).toBe(false);
    expect(await shown(other._id)).toBe(true);
    // The reported advert still waits for a moderator, hidden while its case is open.
    expect(await shown(advert._id)).toBe(false);
    expect(await caseAbout(moderator, advert._id)).toBeDefined();
    expect((await spammer.client.post("/api/tips", newTip("Back again"))).status).toBe(201);
    const log = await moderator.client.get(`/api/moderation/log?member=${advert.authorHandle}`, {
      schema: z.array(LogEntrySchema),
    });
    expect(log.body[0]).toMatchObject({ action: "end_hold", after: { held: false } });
  });

  it("a moderator may keep it: it does not lapse, other decisions leave it, and a granted appeal lifts it", async () => {
    const spammer = await signedInMember(app, { name: "Kept" });
    const [advert, other] = [await tipBy(spammer.client), await tipBy(spammer.client)];
    await reportAll([await establishedMember(app), await establishedMember(app)], advert._id);
    await reportAll([await establishedMember(app)], other._id);
    expect(await isHeld(spammer.id)).toBe(true);

    const keep = await decide(
      moderator,
      (await caseAbout(moderator, advert._id))?._id ?? "",
      "keep_hold",
      "Adverts only",
    );
    expect(keep.status).toBe(200);
    expect(keep.body).toMatchObject({ action: "keep_hold" });
    expect(await isHeld(spammer.id)).toBe(true);
    expect(await shown(advert._id)).toBe(false);
    expect(await shown(other._id)).toBe(false);
    expect((await spammer.client.post("/api/tips", newTip("Still here"))).status).toBe(403);
    const hidden = await visitor().get(`/api/tips/${advert._id}`, { schema: ApiErrorSchema });
    expect(hidden.body.message).toBe("Removed by the moderators");

    // The test's clock: the hold began long ago; a kept hold does not lapse.
    await app.db
      .update(users)
      .set({ heldAt: new Date(Date.now() - (HOLD_LAPSES_AFTER_HOURS * 60 + 1) * 60_000) })
      .where(eq(users.id, spammer.id));
    await lapseHolds(app.db, async () => {});
    expect(await isHeld(spammer.id)).toBe(true);
    // Another case about the account, decided otherwise, leaves the kept hold in place.
    const otherCase = await caseAbout(moderator, other._id);
    expect((await decide(moderator, otherCase?._id ?? "", "dismiss", "Harmless")).status).toBe(200);
    expect(await isHeld(spammer.id)).toBe(true);

    const appeal = await spammer.client.post("/api/moderation/appeals", {
      caseId: keep.body && "caseId" in keep.body ? keep.body.caseId : "",
      note: "I am a gardener, not a shop",
    });
    expect(appeal.status).toBe(201);
    const appealCase = await queueItemAbout(moderator.client, advert._id, true);
    expect(appealCase?.appeal?.decision.action).toBe("keep_hold");
    expect((await decide(moderator, appealCase?._id ?? "", "dismiss", "Fair enough")).status).toBe(200);
    expect(await isHeld(spammer.id)).toBe(false);
    expect(await shown(advert._id)).toBe(true);
    expect(await shown(other._id)).toBe(true);
  });

  it("refuses to keep a hold the account is not on, and changes nothing", async () => {
    const author = await signedInMember(app, { name: "Not held" });
    const reported = await tipBy(author.client);
    await reportAll([await establishedMember(app), await establishedMember(app)], reported._id, "off-topic");
    expect(await isHeld(author.id)).toBe(false);
    const waiting = await caseAbout(moderator, reported._id);
    const refused = await decide(moderator, waiting?._id ?? "", "keep_hold");
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ message: expect.stringContaining("not on hold") });
    expect(await isHeld(author.id)).toBe(false);
    expect(await caseAbout(moderator, reported._id)).toBeDefined();
  });

  it("is lifted by the sweep when no case about the account is open", async () => {
    const member = await signedInMember(app, { name: "Stranded" });
    await app.db.update(users).set({ held: true, heldAt: new Date() }).where(eq(users.id, member.id));
    const told: string[] = [];
    expect(await lapseHolds(app.db, async (account) => void told.push(account.id))).toBeGreaterThanOrEqual(1);
    expect(await isHeld(member.id)).toBe(false);
    expect(told).toContain(member.id);
  });

  it("never holds an established member or the team, whose reported items may still hide", async () => {
    for (const author of [
      await establishedMember(app, { name: "Old hand" }),
      await memberWithRole(app, "moderator", { name: "Mod" }),
    ]) {
      const [reported, other, third] = [
        await tipBy(author.client),
        await tipBy(author.client),
        await tipBy(author.client),
      ];
      await reportAll([await establishedMember(app), await establishedMember(app)], reported._id);
      await reportAll([await establishedMember(app)], other._id);
      expect(await shown(reported._id)).toBe(false);
      expect(await isHeld(author.id)).toBe(false);
      expect(await shown(other._id)).toBe(true);
      expect(await shown(third._id)).toBe(true);
    }
  });
});

describe("a reporter's record", () => {
  it("counts for nothing after most of their reports were dismissed, until one is upheld", async () => {
    const reporter = await establishedMember(app, { name: "Overeager" });
    const author = await signedInMember(app, { name: "Innocent" });
    const weightOfLast = async () => {
      const rows = await app.db
        .select({ weight: reports.weight, createdAt: reports.createdAt })
        .from(reports)
        .where(eq(reports.reporterId, reporter.id));
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)?.weight;
    };
    for (let i = 0; i < 3; i++) {
      const tip = await tipBy(author.client);
      expect((await report(reporter, tip._id, "off-topic")).status).toBe(201);
      expect(await weightOfLast()).toBe(2);
      const waiting = await caseAbout(moderator, tip._id);
      expect((await decide(moderator, waiting?._id ?? "", "dismiss", "It is on topic")).status).toBe(200);
    }
    const ignored = await tipBy(author.client);
    expect((await report(reporter, ignored._id, "off-topic")).status).toBe(201);
    expect(await weightOfLast()).toBe(0);
    const upheld = await caseAbout(moderator, ignored._id);
    expect((await decide(moderator, upheld?._id ?? "", "hide", "It was off topic")).status).toBe(200);
    expect((await report(reporter, (await tipBy(author.client))._id, "off-topic")).status).toBe(201);
    expect(await weightOfLast()).toBe(2);
  });
});

describe("the team", () => {
  it("nobody decides a case about themselves; a case about a moderator is an administrator's", async () => {
    const reported = await tipBy(moderator.client);
    await reportAll([await establishedMember(app)], reported._id, "off-topic");
    // Not in their own queue, and refused if asked anyway (the case's id is an administrator's to see).
    expect(await caseAbout(moderator, reported._id)).toBeUndefined();
    const waiting = await caseAbout(administrator, reported._id);
    expect(waiting).toBeDefined();
    const own = await decide(moderator, waiting?._id ?? "", "dismiss", "Mine is fine");
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ message: "This case is about you: another moderator must decide it" });
    const colleague = await memberWithRole(app, "moderator", { name: "Colleague" });
    expect(await caseAbout(colleague, reported._id)).toBeUndefined();
    const byColleague = await decide(colleague, waiting?._id ?? "", "dismiss");
    expect(byColleague.status).toBe(403);
    expect(byColleague.body).toMatchObject({
      message: "This case is about a member of the moderation team: an administrator decides it",
    });
    expect((await decide(administrator, waiting?._id ?? "", "hide", "Off topic")).status).toBe(200);
  });

  it("an administrator is never suspended through the site, though their item may be hidden", async () => {
    const reported = await tipBy(administrator.client);
    await reportAll([await establishedMember(app)], reported._id, "rude or harassing");
    const other = await memberWithRole(app, "administrator", { name: "Other admin" });
    const waiting = await caseAbout(other, reported._id);
    const suspend = await decide(other, waiting?._id ?? "", "suspend", "Rude");
    expect(suspend.status).toBe(403);
    expect(suspend.body).toMatchObject({
      message: "An administrator cannot be suspended through the site: hide or delete the item instead",
    });
    expect((await decide(administrator, waiting?._id ?? "", "dismiss")).status).toBe(403);
    expect((await decide(other, waiting?._id ?? "", "hide", "Rude")).status).toBe(200);
    expect(await shown(reported._id)).toBe(false);
    expect(await isHeld(administrator.id)).toBe(false);
    expect((await administrator.client.post("/api/tips", newTip("Still here"))).status).toBe(201);
  });
});

describe("reports from one address", () => {
  it(`are at most ${REPORTS_PER_ADDRESS_PER_DAY} a day, whoever sends them`, async () => {
    const author = await establishedMember(app, { name: "Prolific" });
    const targets = [];
    for (let i = 0; i <= REPORTS_PER_ADDRESS_PER_DAY; i++) targets.push(await tipBy(author.client));
    const address = newClientAddress();
    const reporters = [
      await signedInMember(app, { address }),
      await signedInMember(app, { address }),
      await signedInMember(app, { address }),
    ];
    for (const [n, tip] of targets.slice(0, REPORTS_PER_ADDRESS_PER_DAY).entries())
      expect((await report(reporters[n % 3] as Member, tip._id, "other")).status).toBe(201);
    const refused = await report(reporters[2] as Member, (targets.at(-1) as { _id: string })._id, "other");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      message: `Your address can send at most ${REPORTS_PER_ADDRESS_PER_DAY} reports a day, whoever sends them: the next one can go in 24 hours`,
    });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(23 * 3600);
    // From another address, the same member still reports.
    const elsewhere = createClient(app.app);
    expect(
      (
        await elsewhere.post("/api/auth/sign-in/email", {
          email: reporters[2]?.account.email,
          password: reporters[2]?.account.password,
        })
      ).status,
    ).toBe(200);
    expect(
      (await report({ client: elsewhere }, (targets.at(-1) as { _id: string })._id, "other")).status,
    ).toBe(201);
  });
});

describe("an administrator undoes a decision from the log", () => {
  const Log = z.array(LogEntrySchema);
  async function entriesAbout(handle: string) {
    const log = await administrator.client.get(`/api/moderation/log?member=${handle}`, { schema: Log });
    expect(log.status).toBe(200);
    return log.body;
  }
  async function decisionEntry(handle: string, action: string) {
    const entry = (await entriesAbout(handle)).find((row) => row.action === action);
    expect(entry).toBeDefined();
    return entry as z.infer<typeof LogEntrySchema>;
  }
  const undo = (by: { client: TestClient }, id: number | string, reason = "The moderator misread it") =>
    by.client.post(
      `/api/moderation/log/${id}/undo`,
      { reason },
      { schema: z.union([LogEntrySchema, ApiErrorSchema]) },
    );
  async function reportedTip(name: string, reason = "off-topic") {
    const author = await signedInMember(app, { name });
    const tip = await tipBy(author.client);
    await reportAll([await establishedMember(app), await establishedMember(app)], tip._id, reason);
    expect(await shown(tip._id)).toBe(false);
    return { author, tip };
  }
  const noticesOf = async (caseId: string) =>
    (await app.db.select().from(moderationNotices).where(eq(moderationNotices.caseId, caseId))).length;

  it("ends a suspension in one step: the member signs in, the item shows, nobody is told twice", async () => {
    const { author, tip } = await reportedTip("Suspended by mistake");
    const decided = await decide(moderator, (await caseAbout(moderator, tip._id))?._id ?? "", "suspend");
    expect(decided.status).toBe(200);
    const signIn = () =>
      createClient(app.app).post("/api/auth/sign-in/email", {
        email: author.account.email,
        password: author.account.password,
      });
    expect((await signIn()).status).toBe(403);
    const entry = await decisionEntry(tip.authorHandle, "suspend");
    expect(entry.undoable).toBe(true);
    const caseId = String((decided.body as { caseId?: string }).caseId);
    const notices = await noticesOf(caseId);

    // Only an administrator undoes, with a reason.
    expect((await undo(moderator, entry.id)).status).toBe(403);
    const noReason = await undo(administrator, entry.id, "");
    expect(noReason.status).toBe(400);
    expect((await signIn()).status).toBe(403);

    const undone = await undo(administrator, entry.id);
    expect(undone.status).toBe(201);
    expect(undone.body).toMatchObject({
      action: "undo",
      reason: "The moderator misread it",
      undoable: false,
      before: { decision: "suspend", logEntry: entry.id },
      after: { undone: true, hidden: false, suspendedUntil: null },
    });
    expect((await signIn()).status).toBe(200);
    expect(await shown(tip._id)).toBe(true);
    expect(await noticesOf(caseId)).toBe(notices);
    expect((await decisionEntry(tip.authorHandle, "suspend")).undoable).toBe(false);
    const again = await undo(administrator, entry.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: "This decision was undone already" });
    const signedIn = createClient(app.app);
    await signedIn.post("/api/auth/sign-in/email", {
      email: author.account.email,
      password: author.account.password,
    });
    const appeal = await signedIn.post(
      "/api/moderation/appeals",
      { caseId, note: "Please" },
      { schema: ApiErrorSchema },
    );
    expect(appeal.status).toBe(422);
    expect(appeal.body.message).toBe("An administrator undid this decision: there is nothing to appeal");
  });

  it("puts a dismissal's reports back in the queue and hides the item again", async () => {
    const { tip } = await reportedTip("Dismissed too soon", "spam");
    expect(
      (await decide(moderator, (await caseAbout(moderator, tip._id))?._id ?? "", "dismiss")).status,
    ).toBe(200);
    expect(await shown(tip._id)).toBe(true);
    expect(await caseAbout(moderator, tip._id)).toBeUndefined();
    const undone = await undo(administrator, (await decisionEntry(tip.authorHandle, "dismiss")).id);
    expect(undone.status).toBe(201);
    expect(await shown(tip._id)).toBe(false);
    const waiting = await caseAbout(moderator, tip._id);
    expect(waiting?.reports).toHaveLength(2);
    expect(waiting?.weight).toBe(4);
  });

  it("lifts a kept hold; refuses a deletion, an appealed decision and a decision about oneself", async () => {
    const spammer = await signedInMember(app, { name: "Kept then freed" });
    const [advert, other] = [await tipBy(spammer.client), await tipBy(spammer.client)];
    await reportAll([await establishedMember(app), await establishedMember(app)], advert._id);
    await reportAll([await establishedMember(app)], other._id);
    expect(await isHeld(spammer.id)).toBe(true);
    const kept = await decide(moderator, (await caseAbout(moderator, advert._id))?._id ?? "", "keep_hold");
    expect(kept.status).toBe(200);
    expect(
      (await undo(administrator, (await decisionEntry(advert.authorHandle, "keep_hold")).id)).status,
    ).toBe(201);
    expect(await isHeld(spammer.id)).toBe(false);
    expect(await shown(advert._id)).toBe(true);

    const gone = await reportedTip("Deleted for good");
    expect(
      (await decide(moderator, (await caseAbout(moderator, gone.tip._id))?._id ?? "", "delete")).status,
    ).toBe(200);
    const deletion = await decisionEntry(gone.tip.authorHandle, "delete");
    expect(deletion.undoable).toBe(false);
    expect((await undo(administrator, deletion.id)).body).toMatchObject({
      message: "A deletion cannot be undone: the item is gone for good",
    });

    const appealed = await reportedTip("Appealed");
    const hid = await decide(moderator, (await caseAbout(moderator, appealed.tip._id))?._id ?? "", "hide");
    const appealedCase = String((hid.body as { caseId?: string }).caseId);
    expect(
      (
        await appealed.author.client.post("/api/moderation/appeals", {
          caseId: appealedCase,
          note: "Look again",
        })
      ).status,
    ).toBe(201);
    const hideEntry = await decisionEntry(appealed.tip.authorHandle, "hide");
    expect(hideEntry.undoable).toBe(false);
    const waits = await undo(administrator, hideEntry.id);
    expect(waits.status).toBe(409);
    expect(waits.body).toMatchObject({
      message: "The author's appeal of this decision waits in the queue: decide it there",
    });

    // A case about one administrator is decided, and undone, by another.
    const second = await memberWithRole(app, "administrator", { name: "Second admin" });
    const own = await tipBy(second.client);
    expect((await report(moderator, own._id, "off-topic")).status).toBe(201);
    const ownCase = await caseAbout(administrator, own._id);
    expect((await decide(administrator, ownCase?._id ?? "", "hide")).status).toBe(200);
    const ownEntry = await decisionEntry(own.authorHandle, "hide");
    const self = await undo(second, ownEntry.id);
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject({
      message: "This decision is about you: another administrator must undo it",
    });
    expect(await shown(own._id)).toBe(false);
  });

  it.each(["abc", "0", "%00", "1.5", "99999999999", "-1"])("answers 404 for the entry %s", async (id) => {
    const res = await undo(administrator, id);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: "No such entry in the moderation log" });
  });

  it("refuses an entry that is no decision", async () => {
    const spammer = await signedInMember(app, { name: "Held for a log entry" });
    const [tip, other] = [await tipBy(spammer.client), await tipBy(spammer.client)];
    await reportAll([await establishedMember(app), await establishedMember(app)], tip._id);
    await reportAll([await establishedMember(app)], other._id);
    const hold = await decisionEntry(tip.authorHandle, "hold_account");
    expect(hold.undoable).toBe(false);
    expect((await undo(administrator, hold.id)).status).toBe(409);
  });
});

describe("reading the queue and the notices", () => {
  /** `db`, counting the statements begun on it (each select, update, insert or raw query). */
  function counting(db: typeof app.db) {
    const counter = { statements: 0 };
    const proxy = new Proxy(db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (/^(select|selectDistinct|selectDistinctOn|update|insert|delete|execute)$/.test(String(key)))
            counter.statements++;
          return value.apply(target, args);
        };
      },
    });
    return { db: proxy, counter };
  }

  it("reads as many statements for twenty cases as for one", async () => {
    const author = await signedInMember(app, { name: "Often reported" });
    const reporter = await signedInMember(app, { address: newClientAddress() });
    const first = await tipBy(author.client);
    expect((await report(reporter, first._id, "other")).status).toBe(201);
    const viewer = { id: administrator.id, role: "administrator" as const };
    const one = counting(app.db);
    const few = await readQueue(one.db, { limit: 100, viewer });
    for (let i = 0; i < 20; i++) {
      const tip = await tipBy(author.client);
      // Reports are 10 a day per member and 20 per address: each from a member of their own.
      const by = await signedInMember(app, { address: newClientAddress() });
      expect((await report(by, tip._id, "other")).status).toBe(201);
    }
    const many = counting(app.db);
    const all = await readQueue(many.db, { limit: 100, viewer });
    expect(all.length).toBeGreaterThanOrEqual(few.length + 20);
    expect(many.counter.statements).toBe(one.counter.statements);

    // The author's notices: decided one by one, read at once.
    for (const item of all.filter((row) => row.authorId === author.id).slice(0, 12))
      expect((await decide(administrator, item.id, "hide")).status).toBe(200);
    const notices = counting(app.db);
    const read = await listNotices(notices.db, author.id, { limit: 50 });
    expect(read.length).toBeGreaterThanOrEqual(12);
    expect(read.every((notice) => notice.item.title !== null)).toBe(true);
    expect(notices.counter.statements).toBeLessThanOrEqual(6);
  });
});
