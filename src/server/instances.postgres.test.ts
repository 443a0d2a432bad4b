import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TipSchema } from "#shared/schemas/tip.ts";
import { RATE_LIMITS } from "./lib/security/rate-limit.ts";
import { poll } from "./test/poll.ts";
import { freePort, startServer, tempDir } from "./test/server-process.ts";
import { createPostgresDatabase } from "./test/test-db.ts";

/**
 * Several instances behind a proxy on one PostgreSQL (ADR 022, docs/deploy.md). Two real servers share a
 * throwaway database: a session made on one works on the other, failed sign-ins are counted across both, and
 * a like given on one is seen on the other within a second, although each keeps its own cache of public
 * answers.
 */
const BASE_URL = "http://garden.test";
let servers: Array<ReturnType<typeof startServer> & { base: string }> = [];
let dropDatabase = async () => {};
let databaseUrl = "";

beforeAll(async () => {
  const created = await createPostgresDatabase("garden_instances");
  const url = created.url;
  databaseUrl = url;
  dropDatabase = created.drop;
  // As docs/deploy.md says: the same secret, public address and database for every instance.
  const secret = randomBytes(32).toString("hex");
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer(
      {
        DATA_DIR: tempDir(),
        DATABASE_URL: url.toString(),
        BETTER_AUTH_SECRET: secret,
        BASE_URL,
        PORT: String(port),
        HOST: "127.0.0.1",
        // Behind a proxy, as deployed: each person's requests carry their own address.
        TRUST_PROXY: "1",
      },
      { waitForUrl: `${base}/api/health` },
    );
    servers.push({ ...server, base });
    // One at a time: the second waits for the first's migrations (an advisory lock) anyway.
    await server.ready();
  }
}, 120_000);

afterAll(async () => {
  for (const server of servers) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  servers = [];
  await dropDatabase();
});

let people = 0;
/**
 * Sends JSON with the public address as Origin (a browser on the site would), carrying `cookie`. Each
 * sign-up is a person of their own, at an address of their own (as the proxy says); the rest comes from
 * one address, so the limits on it are shared by both instances.
 */
async function send(base: string, method: string, path: string, body?: unknown, cookie = "") {
  people += path === "/api/auth/sign-up/email" ? 1 : 0;
  const address = path === "/api/auth/sign-up/email" ? `198.51.100.${people}` : "203.0.113.10";
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      Origin: BASE_URL,
      "X-Forwarded-For": address,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown, setCookie };
}

const [first, second] = [() => servers[0]?.base ?? "", () => servers[1]?.base ?? ""];

describe("two instances on one PostgreSQL", () => {
  it("share sessions: signed up on one, signed in on the other", async () => {
    const email = `twin.${randomUUID()}@example.com`;
    const signUp = await send(first(), "POST", "/api/auth/sign-up/email", {
      name: "Twin",
      email,
      password: "Sunflower7",
    });
    expect(signUp.status).toBe(200);
    const session = await send(second(), "GET", "/api/auth/get-session", undefined, signUp.setCookie);
    expect(session.body).toMatchObject({ user: { email } });
  });

  it("count failed sign-ins across both", async () => {
    const email = `target.${randomUUID()}@example.com`;
    expect(
      (await send(first(), "POST", "/api/auth/sign-up/email", { name: "T", email, password: "Sunflower7" }))
        .status,
    ).toBe(200);
    const limit = RATE_LIMITS.signIn.perAccountAndIp.count;
    const wrong = { email, password: "Wrong12345" };
    for (let i = 0; i < limit; i++) {
      const base = i % 2 === 0 ? first() : second();
      expect((await send(base, "POST", "/api/auth/sign-in/email", wrong)).status).toBe(401);
    }
    // Neither instance gives another try, not even with the right password.
    for (const base of [first(), second()])
      expect(
        (await send(base, "POST", "/api/auth/sign-in/email", { email, password: "Sunflower7" })).status,
      ).toBe(429);
  });

  it("see a like given on the other within a second, though each caches public answers", async () => {
    const email = `liker.${randomUUID()}@example.com`;
    const me = await send(first(), "POST", "/api/auth/sign-up/email", {
      name: "L",
      email,
      password: "Sunflower7",
    });
    const shared = await send(
      first(),
      "POST",
      "/api/tips",
      {
        title: `Shared on the first ${email}`,
        plantType: "Pea",
        difficulty: "Easy",
        description: "Sow peas early in spring.",
        category: "Vegetables",
      },
      me.setCookie,
    );
    expect(shared.status).toBe(201);
    const id = TipSchema.parse(shared.body)._id;
    const read = async () =>
      TipSchema.parse((await send(second(), "GET", `/api/tips/${id}`)).body).totalLiked;
    // The second instance has the tip cached now (read twice: the second read is a cache hit).
    expect(await read()).toBe(0);
    expect(await read()).toBe(0);
    const liked = await send(first(), "POST", `/api/tips/${id}/like`, undefined, me.setCookie);
    expect(liked.status).toBe(200);
    await expect.poll(read, { timeout: 1000, interval: 25 }).toBe(1);
    // And the lists it caches follow as well.
    const list = await send(second(), "GET", `/api/tips?q=${encodeURIComponent(email)}&sort=likes`);
    expect(TipSchema.array().parse(list.body)[0]?.totalLiked).toBe(1);
  });

  /**
   * Signs up a fresh account on `base`, named "Kept <n>" (a name of its own: one becomes a moderator here,
   * whose name no one else may take); its session cookie.
   */
  let kept = 0;
  async function member(base: string, password = "Sunflower7") {
    const email = `kept.${randomUUID()}@example.com`;
    const name = `Kept ${++kept}`;
    const signUp = await send(base, "POST", "/api/auth/sign-up/email", { name, email, password });
    expect(signUp.status).toBe(200);
    return { email, password, name, cookie: signUp.setCookie };
  }

  /** Asks `base` for the session every 20 ms until it has none; how long that took, in ms. */
  async function untilSignedOut(base: string, cookie: string): Promise<number> {
    const found = await poll(
      async () =>
        (await send(base, "GET", "/api/auth/get-session", undefined, cookie)).body === null
          ? true
          : undefined,
      { withinMs: 5_000 },
    );
    return found?.ms ?? Number.POSITIVE_INFINITY;
  }

  it("refuse a suspended member's session on the other within a second of the suspension on one", async () => {
    const spammer = await member(first());
    const moderator = await member(first());
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await db.query(`update users set role = 'moderator', email_verified = true where email = $1`, [
        moderator.email,
      ]);
    } finally {
      await db.end();
    }
    const mod = (await send(first(), "POST", "/api/auth/sign-in/email", moderator)).setCookie;
    const tip = await send(
      first(),
      "POST",
      "/api/tips",
      {
        title: `Cheap seeds ${spammer.email}`,
        plantType: "Pea",
        difficulty: "Easy",
        description: "Buy my seeds at a shop.",
        category: "Vegetables",
      },
      spammer.cookie,
    );
    expect(tip.status).toBe(201);
    const tipId = TipSchema.parse(tip.body)._id;
    // The second instance keeps the spammer's session.
    for (let i = 0; i < 3; i++)
      expect((await send(second(), "GET", "/api/dashboard/stats", undefined, spammer.cookie)).status).toBe(
        200,
      );
    expect(
      (
        await send(
          first(),
          "POST",
          "/api/reports",
          { targetType: "tip", targetId: tipId, reason: "spam" },
          mod,
        )
      ).status,
    ).toBe(201);
    const queue = (await send(first(), "GET", "/api/moderation/queue?limit=100", undefined, mod))
      .body as Array<{
      _id: string;
      targetId: string;
    }>;
    const item = queue.find((entry) => entry.targetId === tipId);
    const decided = await send(
      first(),
      "POST",
      `/api/moderation/queue/${item?._id}/decision`,
      { action: "suspend", reason: "Advertising", durationHours: 24 },
      mod,
    );
    expect(decided.status).toBe(200);
    expect(await untilSignedOut(second(), spammer.cookie)).toBeLessThan(1_000);
    expect((await send(second(), "GET", "/api/dashboard/stats", undefined, spammer.cookie)).status).toBe(401);
    expect((await send(second(), "POST", "/api/auth/sign-in/email", spammer)).status).toBe(403);
  });

  it("end a session kept by the other within a second of signing out on one", async () => {
    const { cookie, name } = await member(first());
    // The second instance has read the session, and keeps it.
    for (let i = 0; i < 3; i++) {
      const session = await send(second(), "GET", "/api/auth/get-session", undefined, cookie);
      expect(session.body).toMatchObject({ user: { name } });
      expect((await send(second(), "GET", "/api/dashboard/stats", undefined, cookie)).status).toBe(200);
    }
    expect((await send(first(), "POST", "/api/auth/sign-out", {}, cookie)).status).toBe(200);
    expect(await untilSignedOut(second(), cookie)).toBeLessThan(1_000);
    expect((await send(second(), "GET", "/api/dashboard/stats", undefined, cookie)).status).toBe(401);
  });

  it("end every other session within a second of a password change on one", async () => {
    const account = await member(first());
    const laptop = account.cookie;
    const phone = (await send(second(), "POST", "/api/auth/sign-in/email", account)).setCookie;
    expect((await send(second(), "GET", "/api/auth/get-session", undefined, phone)).body).not.toBeNull();
    const changed = await send(
      first(),
      "POST",
      "/api/auth/change-password",
      { currentPassword: account.password, newPassword: "Sunflower8", revokeOtherSessions: true },
      laptop,
    );
    expect(changed.status).toBe(200);
    expect(await untilSignedOut(second(), phone)).toBeLessThan(1_000);
  });

  it("show a changed name on the other within a second", async () => {
    const { cookie, name: before } = await member(second());
    expect((await send(first(), "GET", "/api/auth/get-session", undefined, cookie)).body).toMatchObject({
      user: { name: before },
    });
    expect((await send(second(), "POST", "/api/auth/update-user", { name: "Renamed" }, cookie)).status).toBe(
      200,
    );
    const started = performance.now();
    let name = "";
    while (name !== "Renamed" && performance.now() - started < 5_000) {
      const session = await send(first(), "GET", "/api/auth/get-session", undefined, cookie);
      name = (session.body as { user: { name: string } }).user.name;
    }
    expect(name).toBe("Renamed");
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("give a moderator's role to a session the other keeps within a second, and take it back as fast", async () => {
    const admin = await member(first());
    const appointee = await member(second());
    // Made administrator as ADMIN_EMAILS would at a start; the rest goes through the API.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ handle: string }>(
      "update users set role = 'administrator', email_verified = true where email = $1 returning handle",
      [admin.email],
    );
    await client.query("update users set email_verified = true where email = $1", [appointee.email]);
    const found = await client.query<{ handle: string }>("select handle from users where email = $1", [
      appointee.email,
    ]);
    await client.end();
    expect(rows).toHaveLength(1);
    const handle = found.rows[0]?.handle ?? "";

    /** Asks `base` for the session every 20 ms until its role is `role`; how long that took, in ms. */
    async function untilRole(base: string, cookie: string, role: string): Promise<number> {
      const found = await poll(
        async () => {
          const session = await send(base, "GET", "/api/auth/get-session", undefined, cookie);
          return (session.body as { user?: { role?: string } } | null)?.user?.role === role
            ? true
            : undefined;
        },
        { withinMs: 5_000 },
      );
      return found?.ms ?? Number.POSITIVE_INFINITY;
    }
    expect(await untilRole(first(), admin.cookie, "administrator")).toBeLessThan(1_000);
    // The second instance keeps the appointee's session as a member's.
    expect(await untilRole(second(), appointee.cookie, "member")).toBeLessThan(1_000);
    expect((await send(second(), "GET", "/api/moderation/team", undefined, appointee.cookie)).status).toBe(
      403,
    );

    const reason = "Knows the community well";
    const appoint = await send(
      first(),
      "PUT",
      `/api/moderation/roles/${handle}`,
      { role: "moderator", reason },
      admin.cookie,
    );
    expect(appoint.status).toBe(200);
    expect(await untilRole(second(), appointee.cookie, "moderator")).toBeLessThan(1_000);
    expect((await send(second(), "GET", "/api/moderation/team", undefined, appointee.cookie)).status).toBe(
      200,
    );

    const end = await send(
      first(),
      "PUT",
      `/api/moderation/roles/${handle}`,
      { role: "member", reason },
      admin.cookie,
    );
    expect(end.status).toBe(200);
    expect(await untilRole(second(), appointee.cookie, "member")).toBeLessThan(1_000);
    expect((await send(second(), "GET", "/api/moderation/log", undefined, appointee.cookie)).status).toBe(
      403,
    );
  });
});
