import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { LogEntrySchema, NoticeSchema, QueueItemSchema } from "#shared/schemas/moderation.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { users } from "../../db/schema.ts";
import { createClient, newAccount, newTip, type TestClient } from "../../test/http-client.ts";
import { establishedMember, memberVerifiedByLink, signedInMember } from "../../test/members.ts";
import { createTestApp } from "../../test/test-db.ts";

/**
 * Who may use each moderation route, from one table: a visitor, a new member, an established member, the
 * author of the item the route is about, a moderator, an administrator, a member on hold, a suspended
 * member (with the cookie they held before the suspension) and a member the item's author blocked. Each
 * cell makes the data it writes to, so no cell changes what another sees.
 */
type Actor =
  | "visitor"
  | "member"
  | "established"
  | "author"
  | "moderator"
  | "administrator"
  | "held"
  | "suspended"
  | "blocked";
const ACTORS: Actor[] = [
  "visitor",
  "member",
  "established",
  "author",
  "moderator",
  "administrator",
  "held",
  "suspended",
  "blocked",
];

let app: Awaited<ReturnType<typeof createTestApp>>;
const adminEmail = newAccount().email;
let moderator: TestClient;
let administrator: TestClient;

beforeAll(async () => {
  app = await createTestApp({ config: { RATE_LIMIT: false, ADMIN_EMAILS: [adminEmail] } });
  administrator = (await memberVerifiedByLink(app, { email: adminEmail })).client;
  const mod = await signedInMember(app, { name: "Moderator" });
  await app.db.update(users).set({ role: "moderator" }).where(eq(users.id, mod.id));
  moderator = createClient(app.app);
  expect((await moderator.post("/api/auth/sign-in/email", mod.account)).status).toBe(200);
});
afterAll(async () => {
  await app.close();
});

/** A fresh item with its case: an author's tip, reported by a member. */
async function freshCase() {
  const author = await signedInMember(app, { name: "Author" });
  const tip = await author.client.post(
    "/api/tips",
    newTip(`Matrix ${Math.random().toString(36).slice(2, 9)}`),
    {
      schema: TipSchema,
    },
  );
  expect(tip.status).toBe(201);
  // A member's report (each may file 10 a day): it opens the case, and leaves the tip shown.
  const reporter = await signedInMember(app, { name: "Reporter" });
  const filed = await reporter.client.post("/api/reports", {
    targetType: "tip",
    targetId: tip.body._id,
    reason: "off-topic",
  });
  expect(filed.status).toBe(201);
  const queue = await moderator.get("/api/moderation/queue?limit=100", { schema: z.array(QueueItemSchema) });
  const item = queue.body.find((entry) => entry.targetId === tip.body._id);
  if (!item) throw new Error("The case is not in the queue");
  return { author, tip: tip.body, caseId: item._id, handle: tip.body.authorHandle ?? "" };
}

/** A member suspended by a moderator after signing in: the client still holds their old cookie. */
async function suspendedMember() {
  const { author, caseId } = await freshCase();
  const res = await moderator.post(`/api/moderation/queue/${caseId}/decision`, {
    action: "suspend",
    reason: "Spam",
    durationHours: 24,
  });
  expect(res.status).toBe(200);
  return author.client;
}

/** The client acting as `actor`, for a route about `item` (the author is its author). */
async function clientFor(actor: Actor, item: Awaited<ReturnType<typeof freshCase>>): Promise<TestClient> {
  switch (actor) {
    case "visitor":
      return createClient(app.app);
    case "member":
      return (await signedInMember(app)).client;
    case "author":
      return item.author.client;
    case "moderator":
      return moderator;
    case "administrator":
      return administrator;
    case "suspended":
      return suspendedMember();
    case "established":
      return (await establishedMember(app)).client;
    case "held": {
      const held = await signedInMember(app, { name: "Held" });
      await app.db.update(users).set({ held: true, heldAt: new Date() }).where(eq(users.id, held.id));
      return held.client;
    }
    case "blocked": {
      const blocked = await signedInMember(app, { name: "Blocked" });
      const [row] = await app.db.select({ handle: users.handle }).from(users).where(eq(users.id, blocked.id));
      expect((await item.author.client.post(`/api/blocks/${row?.handle}`, {})).status).toBe(201);
      return blocked.client;
    }
  }
}

/** A decided case of the item's author, for the appeal row. */
async function decided(item: Awaited<ReturnType<typeof freshCase>>) {
  const res = await moderator.post(`/api/moderation/queue/${item.caseId}/decision`, {
    action: "hide",
    reason: "Spam",
  });
  expect(res.status).toBe(200);
  const notices = await item.author.client.get("/api/moderation/notices", { schema: z.array(NoticeSchema) });
  return notices.body[0]?.decision.caseId ?? "";
}

type Row = {
  route: string;
  call: (as: TestClient, item: Awaited<ReturnType<typeof freshCase>>) => Promise<number>;
  expect: Record<Actor, number>;
};

const staffOnly = {
  visitor: 401,
  member: 403,
  established: 403,
  author: 403,
  moderator: 200,
  administrator: 200,
  held: 403,
  suspended: 401,
  blocked: 403,
};
const members = {
  visitor: 401,
  member: 200,
  established: 200,
  author: 200,
  moderator: 200,
  administrator: 200,
  held: 200,
  suspended: 401,
  blocked: 200,
};
const everyone = {
  visitor: 200,
  member: 200,
  established: 200,
  author: 200,
  moderator: 200,
  administrator: 200,
  held: 200,
  suspended: 200,
  blocked: 200,
};

const MATRIX: Row[] = [
  {
    route: "GET /api/moderation/queue",
    call: async (as) => (await as.get("/api/moderation/queue")).status,
    expect: staffOnly,
  },
  {
    route: "POST /api/moderation/queue/{id}/decision",
    call: async (as, item) =>
      (await as.post(`/api/moderation/queue/${item.caseId}/decision`, { action: "dismiss", reason: "Fine" }))
        .status,
    expect: staffOnly,
  },
  {
    route: "GET /api/moderation/log",
    call: async (as) => (await as.get("/api/moderation/log")).status,
    expect: staffOnly,
  },
  {
    route: "GET /api/moderation/team",
    call: async (as) => (await as.get("/api/moderation/team")).status,
    expect: staffOnly,
  },
  {
    route: "PUT /api/moderation/roles/{handle}",
    call: async (as, item) =>
      (await as.put(`/api/moderation/roles/${item.handle}`, { role: "member", reason: "Not a moderator" }))
        .status,
    expect: { ...staffOnly, moderator: 403 },
  },
  {
    route: "POST /api/reports",
    call: async (as, item) =>
      (await as.post("/api/reports", { targetType: "gardener", targetId: item.handle, reason: "other" }))
        .status,
    // A member on hold may not report (nor post anything); a member the author blocked still may.
    expect: {
      visitor: 401,
      member: 201,
      established: 201,
      author: 422,
      moderator: 201,
      administrator: 201,
      held: 403,
      suspended: 401,
      blocked: 201,
    },
  },
  {
    route: "GET /api/reports/mine",
    call: async (as) => (await as.get("/api/reports/mine")).status,
    expect: members,
  },
  {
    route: "GET /api/moderation/notices",
    call: async (as) => (await as.get("/api/moderation/notices")).status,
    expect: members,
  },
  {
    route: "POST /api/moderation/appeals",
    call: async (as, item) =>
      (await as.post("/api/moderation/appeals", { caseId: await decided(item), note: "Please look again" }))
        .status,
    expect: {
      visitor: 401,
      member: 404,
      established: 404,
      author: 201,
      moderator: 404,
      administrator: 404,
      held: 404,
      suspended: 401,
      blocked: 404,
    },
  },
  {
    route: "POST /api/blocks/{handle}",
    call: async (as) => {
      const other = await signedInMember(app);
      const tip = await other.client.post("/api/tips", newTip("Someone to block"), { schema: TipSchema });
      return (await as.post(`/api/blocks/${tip.body.authorHandle}`, {})).status;
    },
    expect: {
      ...members,
      member: 201,
      established: 201,
      author: 201,
      moderator: 201,
      administrator: 201,
      held: 201,
      blocked: 201,
    },
  },
  {
    route: "GET /api/moderation/removals",
    call: async (as) => (await as.get("/api/moderation/removals")).status,
    expect: everyone,
  },
  {
    route: "POST /api/moderation/log/{id}/undo",
    call: async (as, item) => {
      await decided(item);
      const log = await administrator.get(`/api/moderation/log?member=${item.handle}`, {
        schema: z.array(LogEntrySchema),
      });
      const entry = log.body.find((row) => row.action === "hide" && row.undoable);
      return (await as.post(`/api/moderation/log/${entry?.id}/undo`, { reason: "A misreading" })).status;
    },
    expect: { ...staffOnly, moderator: 403, administrator: 201 },
  },
];

describe("the moderation routes' access matrix", () => {
  for (const row of MATRIX)
    it(`${row.route}`, async () => {
      const seen: Record<string, number> = {};
      for (const actor of ACTORS) {
        const item = await freshCase();
        seen[actor] = await row.call(await clientFor(actor, item), item);
      }
      expect(seen).toEqual(row.expect);
    });
});
