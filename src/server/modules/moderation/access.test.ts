import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { LogEntrySchema, NoticeSchema } from "#shared/schemas/moderation.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { users } from "../../db/schema.ts";
import { createClient, newTip, type TestClient } from "../../test/http-client.ts";
import { establishedMember, signedInMember } from "../../test/members.ts";
import {
  appWithAdministrator,
  caseInQueue,
  handleOf,
  memberWithRole,
  reportBy,
  settleCase,
  type TestApp,
  tipBy,
} from "../../test/moderation-fixtures.ts";

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

let app: TestApp;
let moderator: TestClient;
let administrator: TestClient;

beforeAll(async () => {
  const made = await appWithAdministrator();
  app = made.app;
  administrator = made.administrator.client;
  moderator = (await memberWithRole(app, "moderator")).client;
});
afterAll(() => app.close());

/** A fresh item with its case: an author's tip, reported by a member. */
async function freshCase() {
  const { author, tip, handle } = await freshItem();
  // A member's report (each may file 10 a day): it opens the case, and leaves the tip shown.
  await reportBy(await signedInMember(app, { name: "Reporter" }), "tip", tip._id, "off-topic");
  const item = await caseInQueue(moderator, tip._id);
  return { author, tip, caseId: item._id, handle };
}

/** A fresh item without a case, for the routes that need none (the queue reads its first hundred). */
async function freshItem() {
  const author = await signedInMember(app, { name: "Author" });
  const tip = await tipBy(author.client);
  return { author, tip, caseId: "", handle: tip.authorHandle ?? "" };
}

/** A member suspended by a moderator after signing in: the client still holds their old cookie. */
async function suspendedMember() {
  const { author, caseId } = await freshCase();
  await settleCase(moderator, caseId, { action: "suspend", reason: "Spam", durationHours: 24 });
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
      const handle = await handleOf(app, blocked.id);
      expect((await item.author.client.post(`/api/blocks/${handle}`, {})).status).toBe(201);
      return blocked.client;
    }
  }
}

/** A decided case of the item's author, for the appeal row. */
async function decided(item: Awaited<ReturnType<typeof freshCase>>) {
  await settleCase(moderator, item.caseId, { action: "hide", reason: "Spam" });
  const notices = await item.author.client.get("/api/moderation/notices", { schema: z.array(NoticeSchema) });
  return notices.body[0]?.decision.caseId ?? "";
}

type Row = {
  route: string;
  call: (as: TestClient, item: Awaited<ReturnType<typeof freshCase>>) => Promise<number>;
  expect: Record<Actor, number>;
  /** The route is about a member, not a case: its item has none. */
  caseless?: true;
};

/** `status` for every signed-in caller who may sign in, but those `except` names; 401 for the rest. */
const signedIn = (status: number, except: Partial<Record<Actor, number>> = {}): Record<Actor, number> => ({
  visitor: 401,
  member: status,
  established: status,
  author: status,
  moderator: status,
  administrator: status,
  held: status,
  suspended: 401,
  blocked: status,
  ...except,
});
const staffOnly = signedIn(403, { moderator: 200, administrator: 200 });
const members = signedIn(200);
const everyone = signedIn(200, { visitor: 200, suspended: 200 });

/** A read anyone may try: GET `path`, answered as `expect` says for each caller. */
const reading = (path: string, expect: Row["expect"]): Row => ({
  route: `GET ${path}`,
  call: async (as) => (await as.get(path)).status,
  expect,
});

const MATRIX: Row[] = [
  reading("/api/moderation/queue", staffOnly),
  {
    route: "POST /api/moderation/queue/{id}/decision",
    call: async (as, item) =>
      (await as.post(`/api/moderation/queue/${item.caseId}/decision`, { action: "dismiss", reason: "Fine" }))
        .status,
    expect: staffOnly,
  },
  reading("/api/moderation/log", staffOnly),
  reading("/api/moderation/team", staffOnly),
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
  reading("/api/reports/mine", members),
  reading("/api/moderation/notices", members),
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
    route: "PUT /api/gardeners/{handle}/follow",
    caseless: true,
    call: async (as, item) => (await as.put(`/api/gardeners/${item.handle}/follow`, {})).status,
    // Following oneself is refused; neither may a member on hold (a follow tells the gardener), nor one
    // the gardener blocked.
    expect: signedIn(200, { author: 422, held: 403, blocked: 403 }),
  },
  {
    route: "DELETE /api/gardeners/{handle}/follow",
    caseless: true,
    call: async (as, item) => (await as.delete(`/api/gardeners/${item.handle}/follow`)).status,
    expect: members,
  },
  {
    route: "GET /api/gardeners/{handle}/follow",
    caseless: true,
    call: async (as, item) => (await as.get(`/api/gardeners/${item.handle}/follow`)).status,
    expect: members,
  },
  { ...reading("/api/tips?following=true", members), caseless: true },
  // Notifications, bookmarks and settings are each member's own: any signed-in member, held or not.
  { ...reading("/api/notifications", members), caseless: true },
  { ...reading("/api/notifications/unread-count", members), caseless: true },
  {
    route: "POST /api/notifications/read",
    caseless: true,
    call: async (as) => (await as.post("/api/notifications/read", {})).status,
    expect: members,
  },
  // Each member's own data: a copy of it, and their account's deletion (a wrong handle changes nothing).
  { ...reading("/api/account/export", members), caseless: true },
  { ...reading("/api/moderation/data-requests", signedIn(403, { administrator: 200 })), caseless: true },
  {
    route: "POST /api/account/delete",
    caseless: true,
    call: async (as) =>
      (
        await as.post("/api/account/delete", {
          password: "Sunflower7",
          handle: "not_theirs",
          keep: "nothing",
        })
      ).status,
    expect: signedIn(400),
  },
  {
    route: "DELETE /api/account/delete",
    caseless: true,
    call: async (as) => (await as.delete("/api/account/delete")).status,
    expect: signedIn(204),
  },
  // The live count is any member's own too; asked for as JSON, a member passes every gate but the last.
  { ...reading("/api/events", signedIn(406)), caseless: true },
  // An unsubscribe link needs no session: whoever follows one this site did not sign is told so.
  {
    ...reading("/api/unsubscribe/cm9zYQ~replies~forged", signedIn(404, { visitor: 404, suspended: 404 })),
    caseless: true,
  },
  {
    route: "POST /api/unsubscribe/{token}",
    caseless: true,
    call: async (as) => (await as.post("/api/unsubscribe/cm9zYQ~replies~forged", {})).status,
    expect: signedIn(404, { visitor: 404, suspended: 404 }),
  },
  { ...reading("/api/bookmarks", members), caseless: true },
  { ...reading("/api/settings", members), caseless: true },
  {
    route: "PATCH /api/settings",
    caseless: true,
    call: async (as) => (await as.patch("/api/settings", { hemisphere: "north" })).status,
    expect: members,
  },
  {
    route: "GET /api/follows",
    caseless: true,
    call: async (as, item) => (await as.get(`/api/follows?handles=${item.handle}`)).status,
    expect: members,
  },
  reading("/api/moderation/removals", everyone),
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
        const item = row.caseless ? await freshItem() : await freshCase();
        seen[actor] = await row.call(await clientFor(actor, item), item);
      }
      expect(seen).toEqual(row.expect);
    });
});
