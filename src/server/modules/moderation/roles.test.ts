import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { LogEntrySchema, TeamMemberSchema } from "#shared/schemas/moderation.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { moderationLog, users } from "../../db/schema.ts";
import { seedDemoData } from "../../db/seed.ts";
import { createLogger } from "../../lib/logger.ts";
import { SessionSchema } from "../../test/auth-schemas.ts";
import { createClient, newAccount, newTip, type TestClient } from "../../test/http-client.ts";
import { memberVerifiedByLink, signedInMember } from "../../test/members.ts";
import { appWithAdministrator, handleOf, type Member, type TestApp } from "../../test/moderation-fixtures.ts";
import { createTestApp } from "../../test/test-db.ts";
import { createRoleKeeper } from "./roles.ts";

/**
 * Who administers and who moderates (ADR 040): administrators named by ADMIN_EMAILS or, with none, the
 * first verified account; moderators appointed by an administrator; each change in the moderation log.
 */

const LogSchema = z.array(LogEntrySchema);

/** The server's log lines, as an operator reads them. */
function recordingLogger() {
  const lines: string[] = [];
  return { lines, logger: createLogger("info", (line) => lines.push(line)) };
}

async function roleOf(client: TestClient) {
  const session = await client.get("/api/auth/get-session", { schema: SessionSchema });
  return session.body?.user.role;
}

describe("without ADMIN_EMAILS", () => {
  let app: TestApp;
  const log = recordingLogger();
  beforeAll(async () => {
    app = await createTestApp({ config: { RATE_LIMIT: false }, logger: log.logger });
    await seedDemoData(app.db);
  });
  afterAll(async () => {
    await app.close();
  });

  it("the first account verified becomes administrator, the server says so, and later ones stay members", async () => {
    // Signed up first but verified later: being first to verify is what counts.
    const early = await signedInMember(app, { verified: false });
    const first = await memberVerifiedByLink(app);
    expect(await roleOf(first.client)).toBe("administrator");
    expect(log.lines.some((line) => line.includes(`${first.account.email} is now an administrator`))).toBe(
      true,
    );
    expect(log.lines.join("\n")).toMatch(/first verified account becomes administrator/);

    const second = await memberVerifiedByLink(app);
    expect(await roleOf(second.client)).toBe("member");
    expect(await roleOf(early.client)).toBe("member");

    // The promotion is in the moderation log as the site's own action.
    const entries = await first.client.get("/api/moderation/log", { schema: LogSchema });
    expect(entries.status).toBe(200);
    const grant = entries.body.find(
      (entry) => entry.action === "grant_administrator" && entry.target.id === first.id,
    );
    expect(grant).toMatchObject({
      actor: { handle: null, name: "system" },
      member: { handle: await handleOf(app, first.id) },
      before: { role: "member" },
      after: { role: "administrator" },
    });

    // Starting again changes nothing: there is an administrator.
    await createRoleKeeper({ db: app.db, adminEmails: [], logger: log.logger }).settle();
    expect(await roleOf(first.client)).toBe("administrator");
    expect(await roleOf(second.client)).toBe("member");
  });
});

describe("two accounts verified at the same moment, with no administrator yet", () => {
  it("make exactly one administrator", async () => {
    const app = await createTestApp({ config: { RATE_LIMIT: false } });
    try {
      const members = await Promise.all(
        Array.from({ length: 4 }, () => signedInMember(app, { verified: true })),
      );
      const keeper = createRoleKeeper({ db: app.db, adminEmails: [], logger: createLogger("silent") });
      await Promise.all(members.map((member) => keeper.verified(member.id)));
      const roles = await Promise.all(members.map((member) => roleOf(member.client)));
      expect(roles.filter((role) => role === "administrator")).toHaveLength(1);
      expect(roles.filter((role) => role === "member")).toHaveLength(3);
    } finally {
      await app.close();
    }
  });

  it("at startup, the earliest verified account someone can sign in to becomes administrator", async () => {
    const app = await createTestApp({ config: { RATE_LIMIT: false } });
    try {
      await seedDemoData(app.db);
      const unverified = await signedInMember(app, { verified: false, ageHours: 500 });
      const older = await signedInMember(app, { verified: true, ageHours: 300 });
      const newer = await signedInMember(app, { verified: true, ageHours: 100 });
      await createRoleKeeper({ db: app.db, adminEmails: [], logger: createLogger("silent") }).settle();
      expect(await roleOf(older.client)).toBe("administrator");
      expect(await roleOf(newer.client)).toBe("member");
      expect(await roleOf(unverified.client)).toBe("member");
    } finally {
      await app.close();
    }
  });
});

describe("with ADMIN_EMAILS", () => {
  let app: TestApp;
  const log = recordingLogger();
  const chief = newAccount().email;
  const deputy = newAccount().email;
  beforeAll(async () => {
    app = await createTestApp({
      config: { RATE_LIMIT: false, ADMIN_EMAILS: [chief, deputy] },
      logger: log.logger,
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("a named address is administrator once verified, not before; an address not named never is", async () => {
    const stranger = await memberVerifiedByLink(app);
    expect(await roleOf(stranger.client)).toBe("member");

    // Whoever signs up with a named address first is nobody until they prove the mailbox.
    const claimant = await signedInMember(app, { verified: false });
    await app.db.update(users).set({ email: chief }).where(eq(users.id, claimant.id));
    expect(await roleOf(claimant.client)).toBe("member");
    await app.db.delete(users).where(eq(users.id, claimant.id));

    const named = await memberVerifiedByLink(app, { email: chief });
    expect(await roleOf(named.client)).toBe("administrator");
    expect(log.lines.join("\n")).toContain(
      `${chief} is now an administrator: ADMIN_EMAILS names this address`,
    );
  });

  it("at startup, an administrator ADMIN_EMAILS no longer names is a member again, and a named one is promoted", async () => {
    const isolated = await createTestApp({ config: { RATE_LIMIT: false } });
    try {
      const formerChief = await memberVerifiedByLink(isolated);
      expect(await roleOf(formerChief.client)).toBe("administrator");
      const successor = await signedInMember(isolated, { verified: true });
      const lines = recordingLogger();
      const waiting = newAccount().email;
      await createRoleKeeper({
        db: isolated.db,
        adminEmails: [successor.account.email.toLowerCase(), waiting],
        logger: lines.logger,
      }).settle();
      expect(await roleOf(formerChief.client)).toBe("member");
      expect(await roleOf(successor.client)).toBe("administrator");
      const said = lines.lines.join("\n");
      expect(said).toContain(`${formerChief.account.email} is no longer an administrator`);
      expect(said).toContain(`ADMIN_EMAILS names ${waiting}, with no verified account yet`);

      const entries = await successor.client.get(
        `/api/moderation/log?member=${await handleOf(isolated, formerChief.id)}`,
        { schema: LogSchema },
      );
      expect(entries.body.map((entry) => entry.action)).toEqual([
        "revoke_administrator",
        "grant_administrator",
      ]);
      expect(entries.body[0]).toMatchObject({
        actor: { name: "system" },
        reason: "ADMIN_EMAILS no longer names this address",
        before: { role: "administrator" },
        after: { role: "member" },
      });
    } finally {
      await isolated.close();
    }
  });
});

describe("appointing moderators", () => {
  let app: TestApp;
  let admin: Member;
  beforeAll(async () => {
    ({ app, administrator: admin } = await appWithAdministrator());
  });
  afterAll(() => app.close());

  const reason = { role: "moderator", reason: "Active in the community for a year" };

  it("an administrator appoints a member, whose signed-in session has the role at once, and ends it", async () => {
    const member = await signedInMember(app);
    const handle = await handleOf(app, member.id);
    // The member's session is read and kept before the change.
    expect(await roleOf(member.client)).toBe("member");
    expect((await member.client.get("/api/moderation/log")).status).toBe(403);

    const appointed = await admin.client.put(`/api/moderation/roles/${handle}`, reason, {
      schema: TeamMemberSchema,
    });
    expect(appointed.status).toBe(200);
    expect(appointed.body).toMatchObject({ handle, role: "moderator" });
    expect(await roleOf(member.client)).toBe("moderator");
    expect((await member.client.get("/api/moderation/log")).status).toBe(200);
    const team = await member.client.get("/api/moderation/team", { schema: z.array(TeamMemberSchema) });
    expect(team.body.map((row) => [row.handle, row.role])).toEqual(
      expect.arrayContaining([
        [await handleOf(app, admin.id), "administrator"],
        [handle, "moderator"],
      ]),
    );
    expect(team.body[0]?.role).toBe("administrator");

    // Appointing again changes nothing and writes nothing.
    const again = await admin.client.put(`/api/moderation/roles/${handle}`, reason);
    expect(again.status).toBe(200);

    // Ending it needs its reason too.
    expect((await admin.client.put(`/api/moderation/roles/${handle}`, { role: "member" })).status).toBe(400);
    const removal = await removeWithReason(admin.client, handle, "Stepped down");
    expect(removal.status).toBe(200);
    expect(await roleOf(member.client)).toBe("member");
    expect((await member.client.get("/api/moderation/log")).status).toBe(403);

    const entries = await admin.client.get(`/api/moderation/log?member=${handle}`, { schema: LogSchema });
    expect(entries.body.map((entry) => [entry.action, entry.reason])).toEqual([
      ["remove_moderator", "Stepped down"],
      ["appoint_moderator", reason.reason],
    ]);
    expect(entries.body[1]).toMatchObject({
      actor: { handle: await handleOf(app, admin.id) },
      target: { type: "member", id: member.id },
      before: { role: "member" },
      after: { role: "moderator" },
    });
  });

  it("marks the team's tips with the role beside the name, as the role is given and ended", async () => {
    const member = await signedInMember(app);
    const handle = await handleOf(app, member.id);
    const title = `Role badge ${Math.random().toString(36).slice(2, 10)}`;
    expect((await member.client.post("/api/tips", newTip(title))).status).toBe(201);
    const visitor = createClient(app.app);
    const listed = async () => {
      const res = await visitor.get(`/api/tips?q=${encodeURIComponent(title)}`, {
        schema: z.array(TipSchema),
      });
      return res.body[0];
    };
    expect(await listed()).not.toHaveProperty("authorRole");
    expect((await admin.client.put(`/api/moderation/roles/${handle}`, reason)).status).toBe(200);
    // The cached list follows the appointment.
    expect((await listed())?.authorRole).toBe("moderator");
    expect((await removeWithReason(admin.client, handle, "Stepped down")).status).toBe(200);
    expect(await listed()).not.toHaveProperty("authorRole");
  });

  it("refuses what cannot be: an unknown handle, an unverified account, an administrator, no reason", async () => {
    const unknown = await admin.client.put("/api/moderation/roles/nobody_has_this", reason, {
      schema: ApiErrorSchema,
    });
    expect(unknown.status).toBe(404);
    const notAHandle = await admin.client.put("/api/moderation/roles/a%00b", reason, {
      schema: ApiErrorSchema,
    });
    expect(notAHandle.status).toBe(404);
    expect(notAHandle.body.message).toBe("No gardener has this handle");

    const unverified = await signedInMember(app, { verified: false });
    const refused = await admin.client.put(
      `/api/moderation/roles/${await handleOf(app, unverified.id)}`,
      reason,
      { schema: ApiErrorSchema },
    );
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.message).toMatch(/verified e-mail/);
    expect(await roleOf(unverified.client)).toBe("member");

    const self = await handleOf(app, admin.id);
    expect((await admin.client.put(`/api/moderation/roles/${self}`, reason)).status).toBe(409);
    expect((await removeWithReason(admin.client, self, "Leaving")).status).toBe(409);
    expect(await roleOf(admin.client)).toBe("administrator");

    const member = await signedInMember(app);
    const handle = await handleOf(app, member.id);
    for (const [body, field] of [
      [{ role: "moderator" }, "reason"],
      [{ role: "moderator", reason: "" }, "reason"],
      [{ role: "moderator", reason: "x".repeat(1001) }, "reason"],
      [{ role: "moderator", reason: 7 }, "reason"],
      [{ role: "administrator", reason: "Promote" }, "role"],
      [{ reason: "No role named" }, "role"],
    ] as const) {
      const bad = await admin.client.put(`/api/moderation/roles/${handle}`, body, {
        schema: ApiErrorSchema,
      });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.issues?.map((issue) => issue.path)).toEqual([field]);
    }
    expect(await roleOf(member.client)).toBe("member");
  });

  it("each role reaches only its routes: visitor 401, member and moderator 403 where they may not", async () => {
    const visitor = createClient(app.app);
    const member = await signedInMember(app);
    const moderator = await signedInMember(app);
    const target = await signedInMember(app);
    await admin.client.put(`/api/moderation/roles/${await handleOf(app, moderator.id)}`, reason);
    const targetHandle = await handleOf(app, target.id);

    const routes: [string, (as: TestClient) => Promise<number>, Record<string, number>][] = [
      [
        "GET /api/moderation/team",
        async (as) => (await as.get("/api/moderation/team")).status,
        { visitor: 401, member: 403, moderator: 200, administrator: 200 },
      ],
      [
        "GET /api/moderation/log",
        async (as) => (await as.get("/api/moderation/log")).status,
        { visitor: 401, member: 403, moderator: 200, administrator: 200 },
      ],
      [
        "PUT /api/moderation/roles/{handle} (appoint)",
        async (as) => (await as.put(`/api/moderation/roles/${targetHandle}`, reason)).status,
        { visitor: 401, member: 403, moderator: 403, administrator: 200 },
      ],
      [
        "PUT /api/moderation/roles/{handle} (end)",
        async (as) => (await removeWithReason(as, targetHandle, "Matrix")).status,
        { visitor: 401, member: 403, moderator: 403, administrator: 200 },
      ],
    ];
    const actors = {
      visitor,
      member: member.client,
      moderator: moderator.client,
      administrator: admin.client,
    };
    const observed: Record<string, Record<string, number>> = {};
    const expected: Record<string, Record<string, number>> = {};
    for (const [route, call, expect] of routes) {
      expected[route] = expect;
      observed[route] = {};
      for (const [name, client] of Object.entries(actors)) {
        (observed[route] as Record<string, number>)[name] = await call(client);
      }
    }
    expect(observed).toEqual(expected);
  });

  it("a moderator who signs in again has the role on the first request after it", async () => {
    const member = await signedInMember(app);
    await admin.client.put(`/api/moderation/roles/${await handleOf(app, member.id)}`, reason);
    // The sign-in's own answer is what the server keeps for the next request (ADR 034).
    const again = createClient(app.app);
    const signIn = await again.post("/api/auth/sign-in/email", {
      email: member.account.email,
      password: member.account.password,
    });
    expect(signIn.status).toBe(200);
    expect((await again.get("/api/moderation/team")).status).toBe(200);
    expect(await roleOf(again)).toBe("moderator");
  });

  it("a client cannot give itself a role: not at sign-up, not through its profile", async () => {
    const client = createClient(app.app);
    const signUp = await client.post("/api/auth/sign-up/email", { ...newAccount(), role: "administrator" });
    expect([200, 400]).toContain(signUp.status);
    if (signUp.status === 200) expect(await roleOf(client)).toBe("member");

    const member = await signedInMember(app);
    const update = await member.client.post("/api/auth/update-user", { role: "administrator" });
    expect(update.status).not.toBe(500);
    expect(await roleOf(member.client)).toBe("member");
    const [row] = await app.db.select({ role: users.role }).from(users).where(eq(users.id, member.id));
    expect(row?.role).toBe("member");
  });
});

describe("the moderation log", () => {
  let app: TestApp;
  let admin: Member;
  beforeAll(async () => {
    ({ app, administrator: admin } = await appWithAdministrator());
  });
  afterAll(() => app.close());

  it("filters by moderator, member and day, pages with a cursor, and refuses a bad filter", async () => {
    const members = await Promise.all([signedInMember(app), signedInMember(app), signedInMember(app)]);
    const handles = await Promise.all(members.map((member) => handleOf(app, member.id)));
    for (const handle of handles)
      await admin.client.put(`/api/moderation/roles/${handle}`, {
        role: "moderator",
        reason: `Appoint ${handle}`,
      });
    // A moderator of those acts too, so filtering by moderator has something to leave out.
    const adminHandle = await handleOf(app, admin.id);

    const mine = await admin.client.get(`/api/moderation/log?moderator=${adminHandle}&limit=2`, {
      schema: LogSchema,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.map((entry) => entry.member?.handle)).toEqual([handles[2], handles[1]]);
    const cursor = mine.headers.get("X-Next-Cursor");
    expect(cursor).toBeTruthy();
    const next = await admin.client.get(
      `/api/moderation/log?moderator=${adminHandle}&limit=2&cursor=${cursor}`,
      { schema: LogSchema },
    );
    expect(next.body[0]?.member?.handle).toBe(handles[0]);

    const today = new Date().toISOString().slice(0, 10);
    const onDay = await admin.client.get(
      `/api/moderation/log?member=${handles[1]}&from=${today}&to=${today}`,
      {
        schema: LogSchema,
      },
    );
    expect(onDay.body.map((entry) => entry.member?.handle)).toEqual([handles[1]]);
    const earlier = await admin.client.get(
      `/api/moderation/log?member=${handles[1]}&from=2020-01-01&to=2020-01-31`,
      { schema: LogSchema },
    );
    expect(earlier.body).toEqual([]);

    for (const [query, field] of [
      ["from=yesterday", "from"],
      ["to=2026-02-30", "to"],
      ["from=2026-03-02&to=2026-03-01", "to"],
      ["moderator=nobody_has_this", "moderator"],
      ["member=NOT A HANDLE", "member"],
      ["cursor=abc", "cursor"],
      ["limit=51", "limit"],
    ] as const) {
      const bad = await admin.client.get(`/api/moderation/log?${query}`, { schema: ApiErrorSchema });
      expect(bad.status, query).toBe(400);
      expect(
        bad.body.issues?.map((issue) => issue.path),
        query,
      ).toEqual([field]);
    }
  });

  it("cannot be changed or emptied, even by a statement straight to the database", async () => {
    const member = await signedInMember(app);
    await admin.client.put(`/api/moderation/roles/${await handleOf(app, member.id)}`, {
      role: "moderator",
      reason: "To test the record",
    });
    const [entry] = await app.db
      .select({ id: moderationLog.id })
      .from(moderationLog)
      .where(eq(moderationLog.subjectId, member.id));
    expect(entry).toBeTruthy();
    const id = entry?.id ?? 0;
    await expect(
      app.db.update(moderationLog).set({ reason: "Nothing happened" }).where(eq(moderationLog.id, id)),
    ).rejects.toThrow();
    await expect(app.db.delete(moderationLog).where(eq(moderationLog.id, id))).rejects.toThrow();
    await expect(app.db.execute(sql`truncate moderation_log`)).rejects.toThrow();
    const [still] = await app.db
      .select({ reason: moderationLog.reason })
      .from(moderationLog)
      .where(eq(moderationLog.id, id));
    expect(still?.reason).toBe("To test the record");
  });
});

/** Ends `handle`'s appointment, as an administrator does. */
function removeWithReason(client: TestClient, handle: string, reason: string) {
  return client.put(`/api/moderation/roles/${handle}`, { role: "member", reason });
}
