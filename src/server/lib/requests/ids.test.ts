import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { users } from "../../db/schema.ts";
import { createClient, type TestClient } from "../../test/http-client.ts";
import { signedInMember } from "../../test/members.ts";
import { createTestApp, getJson } from "../../test/test-db.ts";

/**
 * Every `{id}` in a path is checked the one way (ADR 058): a text that cannot be an id names nothing, so
 * it is answered as an id nobody has, 404 with the route's own sentence, before any query.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
  const member = await signedInMember(ctx);
  await ctx.db.update(users).set({ role: "administrator" }).where(eq(users.id, member.id));
  admin = createClient(ctx.app);
  expect((await admin.post("/api/auth/sign-in/email", member.account)).status).toBe(200);
});
afterAll(async () => {
  await ctx.close();
});

const Document = z.looseObject({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });

/** Every operation of the API document with an `{id}` in its path. */
async function idOperations() {
  const doc = await getJson(ctx.app, "/api/openapi.json", { schema: Document });
  return Object.entries(doc.body.paths)
    .filter(([path]) => path.includes("{id}"))
    .flatMap(([path, item]) => Object.keys(item).map((method) => ({ method, path })));
}

function send(method: string, path: string, id: string) {
  const url = `/api${path.replace("{id}", id)}`;
  if (method === "get") return admin.get(url);
  if (method === "delete") return admin.delete(url);
  if (method === "put") return admin.put(url, {});
  if (method === "patch") return admin.patch(url, {});
  return admin.post(url, {});
}

describe("an id in a path", () => {
  it("that cannot be an id is answered 404 with the route's own sentence, never 400 or 500", async () => {
    const operations = await idOperations();
    // Tips, likes, comments, the queue's decisions, the log's undo, notices: each kind of id.
    expect(operations.length).toBeGreaterThanOrEqual(10);
    for (const { method, path } of operations)
      for (const id of [
        "not-an-id",
        "1%27%20or%201%3D1",
        "%00",
        "0000000-0000-0000-0000-000000000000x",
        "-1",
      ]) {
        const res = await send(method, path, id);
        expect(res.status, `${method} ${path} with ${id}`).toBe(404);
        const { message } = ApiErrorSchema.parse(res.body);
        expect(message, `${method} ${path}`).toMatch(/not found|no such/i);
      }
  });

  it("is answered as an id nobody has: the same status and sentence", async () => {
    const unknown = { uuid: "3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c", log: "2147483000" };
    for (const { method, path } of await idOperations()) {
      if (method !== "get" && method !== "delete") continue;
      const malformed = await send(method, path, "not-an-id");
      const nobody = await send(
        method,
        path,
        path.startsWith("/moderation/log") ? unknown.log : unknown.uuid,
      );
      expect([malformed.status, malformed.body], `${method} ${path}`).toEqual([nobody.status, nobody.body]);
    }
  });
});
