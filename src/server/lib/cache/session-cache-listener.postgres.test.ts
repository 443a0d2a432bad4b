import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import type { Database } from "../../db/client.ts";
import { sessions } from "../../db/schema.ts";
import { createClient, newAccount } from "../../test/http-client.ts";
import { eventually } from "../../test/poll.ts";
import { openRelayedPostgres } from "../../test/test-db.ts";
import { SessionCache } from "./session-cache.ts";

/**
 * Kept sessions on a real PostgreSQL server reached through a relay that counts the statements the app
 * sends and can silence the sessions' listening connection (the socket stays open, nothing comes).
 */
let relay: Awaited<ReturnType<typeof openRelayedPostgres>>["relay"];
let direct: Database;
let relayed: Database;
let stopFollowing = async () => {};
let closeDatabases = async () => {};
const sessionCache = new SessionCache();
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  ({ direct, relayed, relay, close: closeDatabases } = await openRelayedPostgres("garden_sessions"));
  app = createApp({
    db: relayed.db,
    authSecret: randomBytes(32).toString("hex"),
    config: { BASE_URL: "http://localhost", RATE_LIMIT: false },
    sessionCache,
  });
  stopFollowing = await sessionCache.follow(relayed);
}, 60_000);

afterAll(async () => {
  await stopFollowing();
  await closeDatabases();
});

async function signedUp() {
  const client = createClient(app);
  expect((await client.post("/api/auth/sign-up/email", newAccount())).status).toBe(200);
  return { client, cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
}

const sessionOf = async (cookie: string) =>
  (await (
    await app.request("http://localhost/api/auth/get-session", { headers: { Cookie: cookie } })
  ).json()) as {
    user: { id: string };
  } | null;

/** Until the listener is trusted again and this member's session is kept. */
async function keptAgain(cookie: string) {
  await eventually(
    "Sessions kept again",
    async () => {
      await sessionOf(cookie);
      return sessionCache.live && sessionCache.get(cookie) ? true : undefined;
    },
    { withinMs: 15_000, everyMs: 50 },
  );
}

describe("kept sessions and their listening connection", () => {
  it("answer a member's session without a single statement to the database", async () => {
    const { cookie } = await signedUp();
    await keptAgain(cookie);
    const before = relay.poolStatements();
    for (let i = 0; i < 50; i++) expect(await sessionOf(cookie)).not.toBeNull();
    expect(relay.poolStatements() - before).toBe(0);
  });

  it("are not served a second after their listener went silent: a session ended meanwhile is over", async () => {
    const { cookie } = await signedUp();
    await keptAgain(cookie);
    const [listener] = relay.listeners();
    if (!listener) throw new Error("no listening connection through the relay");
    listener.frozen = true;
    const userId = (await sessionOf(cookie))?.user.id ?? "";
    await direct.db.delete(sessions).where(eq(sessions.userId, userId));
    const started = performance.now();
    while ((await sessionOf(cookie)) !== null && performance.now() - started < 3_000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(performance.now() - started).toBeLessThan(1_000);
    // A new connection is opened and sessions are kept again, following changes.
    const next = await signedUp();
    await keptAgain(next.cookie);
    expect(relay.listeners()).not.toContain(listener);
  });
});
