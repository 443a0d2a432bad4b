import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { startGoogleApp } from "../../test/google-app.ts";
import { createClient, newAccount } from "../../test/http-client.ts";
import { createTestApp, getJson } from "../../test/test-db.ts";

/**
 * The document's promises about sessions and limits come from the middleware in front of each route, so
 * they hold for the routes added after it: checked here against what the server answers.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
});
afterAll(async () => {
  await ctx.close();
});

const Operation = z.looseObject({
  requestBody: z.unknown().optional(),
  parameters: z
    .array(z.looseObject({ name: z.string(), in: z.string(), required: z.boolean().optional() }))
    .optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  responses: z.record(z.string(), z.looseObject({ description: z.string() })),
});
const Document = z.looseObject({
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

async function operations() {
  const doc = await getJson(ctx.app, "/api/openapi.json", { schema: Document });
  expect(doc.status).toBe(200);
  return Object.entries(doc.body.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) => {
      const parsed = Operation.safeParse(op);
      return parsed.success ? [{ method, path, op: parsed.data }] : [];
    }),
  );
}

/** A body with every required field the operation's JSON schema names, so validation lets it through. */
function sampleBody(requestBody: unknown): Record<string, unknown> {
  const ObjectSchema = z.looseObject({
    required: z.array(z.string()).optional(),
    properties: z.record(z.string(), z.looseObject({ type: z.unknown().optional() })).optional(),
  });
  const Schema = z.object({
    content: z.object({
      "application/json": z.object({
        // One of several shapes: the first will do.
        schema: z.union([z.object({ anyOf: z.tuple([ObjectSchema], ObjectSchema) }), ObjectSchema]),
      }),
    }),
  });
  const parsed = Schema.safeParse(requestBody);
  if (!parsed.success) return {};
  const schema = parsed.data.content["application/json"].schema;
  const { required = [], properties = {} } = Array.isArray(schema.anyOf)
    ? ObjectSchema.parse(schema.anyOf[0])
    : ObjectSchema.parse(schema);
  const sample = (type: unknown) =>
    type === "boolean"
      ? true
      : type === "number" || type === "integer"
        ? 1
        : type === "array"
          ? []
          : "Garden-Path-2026";
  return Object.fromEntries(required.map((name) => [name, sample(properties[name]?.type)]));
}

const sessionOnly = (security: Record<string, string[]>[] | undefined) =>
  security?.length === 1 && security[0]?.session !== undefined;

describe("the API document's sessions and limits", () => {
  it("every operation it says needs a session refuses a visitor with 401, and lists that 401", async () => {
    const needing = (await operations()).filter(({ op }) => sessionOnly(op.security));
    // Ours (tips, likes, uploads, dashboard) and better-auth's (profile, password, sessions).
    expect(needing.map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([
        "post /tips",
        "put /tips/{id}",
        "post /tips/{id}/like",
        "post /uploads",
        "get /dashboard/stats",
        "post /auth/update-user",
        "post /auth/change-password",
        "get /auth/list-sessions",
      ]),
    );
    for (const { method, path, op } of needing) {
      expect(op.responses["401"], `${method} ${path}`).toBeDefined();
      const query = new URLSearchParams(
        (op.parameters ?? []).filter((p) => p.in === "query" && p.required).map((p) => [p.name, "x"]),
      );
      const url = `http://localhost/api${path.replace(/\{[^}]+\}/g, "x")}?${query}`;
      const write = method !== "get";
      const res = await ctx.app.request(url, {
        method: method.toUpperCase(),
        headers: write ? { Origin: "http://localhost", "Content-Type": "application/json" } : {},
        body: write ? JSON.stringify(sampleBody(op.requestBody)) : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("a visitor's operations say no session is needed", async () => {
    const ops = await operations();
    for (const key of [
      "get /tips",
      "get /gardeners",
      "post /auth/sign-in/email",
      "post /auth/sign-up/email",
    ]) {
      const found = ops.find(({ method, path }) => `${method} ${path}` === key);
      expect(found, key).toBeDefined();
      expect(sessionOnly(found?.op.security), key).toBe(false);
      expect(found?.op.responses["401"]?.description ?? "", key).not.toMatch(/^Not signed in/);
    }
  });

  it("marks the session optional exactly on the operations that read one when there is one", async () => {
    const optional = (await operations())
      .filter(({ op }) => op.security?.length === 2 && op.security.some((s) => s.session !== undefined))
      .map(({ method, path }) => `${method} ${path}`)
      .sort();
    expect(optional).toEqual(
      [
        "get /tips",
        "get /tips/{id}",
        "get /tips/{id}/comments",
        "get /account/export/{id}/download",
        "post /moderation/appeals",
        "get /auth/get-session",
        "post /auth/sign-out",
        "post /auth/send-verification-email",
        "get /auth/verify-email",
      ].sort(),
    );
  });

  it("each limited operation lists its 429 with the limit it is behind, and no other operation does", async () => {
    const limited = (await operations())
      .filter(({ op }) => op.responses["429"])
      .map(({ method, path, op }) => [`${method} ${path}`, op.responses["429"]?.description]);
    expect(Object.fromEntries(limited)).toEqual({
      "post /uploads": expect.stringMatching(
        /^Too many photo uploads \(at most 30 per account in 60 minutes, 100 per address in 60 minutes\).*\. Or: Too many megabytes of photos \(at most 200 MB per account in 24 hours, 1 GB per address in 24 hours; only accepted requests count, by their Content-Length\)/,
      ),
      "post /auth/sign-in/email": expect.stringMatching(/^Too many failed sign-in attempts/),
      "post /auth/sign-up/email": expect.stringMatching(/^Too many sign-up attempts/),
      "post /auth/change-password": expect.stringMatching(/^Too many failed password attempts/),
      "post /auth/verify-password": expect.stringMatching(/^Too many failed password attempts/),
      "post /auth/request-password-reset": expect.stringMatching(/^Too many password reset requests/),
      "post /auth/send-verification-email": expect.stringMatching(/^Too many verification e-mails/),
      "post /tips": expect.stringMatching(
        /^Too many new tips \(at most 5 per account in a minute, 30 per account in 60 minutes, 3 per account younger than 24 hours in a minute/,
      ),
      "put /tips/{id}": expect.stringMatching(/^Too many tip edits/),
      "post /tips/{id}/like": expect.stringMatching(/^Too many likes \(at most 60 per account in a minute/),
      "delete /tips/{id}/like": expect.stringMatching(/^Too many likes/),
      "patch /profile": expect.stringMatching(
        /^Too many profile changes \(at most 10 per account in a minute, 100 per account in 60 minutes/,
      ),
      "post /tips/{id}/comments": expect.stringMatching(
        /^Too many comments \(at most 1 per account in 5 seconds, 30 per account in 60 minutes, 1 per account younger than 24 hours in a minute, 30 per account younger than 24 hours in 24 hours, .*; only accepted requests count\)/,
      ),
      "patch /comments/{id}": expect.stringMatching(/^Too many comment changes/),
      "delete /comments/{id}": expect.stringMatching(/^Too many comment changes/),
      "post /reports": "Too many reports (at most 10 in 24 hours per member, 20 per address)",
      "post /account/export":
        "You asked for a copy of your data less than a day ago (one a day); Retry-After says when the next can be asked",
      "put /moderation/roles/{handle}": expect.stringMatching(
        /^Too many moderation actions \(at most 30 per account in a minute, 600 per account in 60 minutes/,
      ),
      "post /moderation/queue/{id}/decision": expect.stringMatching(
        /^Too many moderation decisions \(at most 10 per account in a minute, 30 per account in 60 minutes/,
      ),
      "post /moderation/log/{id}/undo": expect.stringMatching(
        /^Too many moderation decisions \(at most 10 per account in a minute, 30 per account in 60 minutes/,
      ),
      "post /moderation/appeals":
        "Too many appeals (at most 10 per address in a minute, 60 per address in 60 minutes); wait the number of seconds in Retry-After",
      "post /moderation/notices/lookup": expect.stringMatching(/^Too many appeals \(at most 10 per address/),
      "post /blocks/{handle}": expect.stringMatching(
        /^Too many block changes \(at most 20 per account in a minute/,
      ),
      "delete /blocks/{handle}": expect.stringMatching(/^Too many block changes/),
      "put /gardeners/{handle}/follow": expect.stringMatching(
        /^Too many follows \(at most 30 per account in a minute, 500 per account in 24 hours, .*; only accepted requests count\)/,
      ),
      "delete /gardeners/{handle}/follow": expect.stringMatching(
        /^Too many unfollows \(at most 60 per account in a minute/,
      ),
      "put /crops/{slug}/reminder": expect.stringMatching(
        /^Too many reminder changes \(at most 60 per account in a minute, 300 per address in a minute\)/,
      ),
      "get /crops/{slug}/reminder": expect.stringMatching(/^Too many reminder changes/),
      "delete /crops/{slug}/reminder": expect.stringMatching(/^Too many reminder changes/),
      "put /crops/{slug}": expect.stringMatching(/^Too many crop changes/),
      "delete /crops/{slug}": expect.stringMatching(/^Too many crop changes/),
      "put /tips/{id}/bookmark": expect.stringMatching(
        /^Too many bookmark changes \(at most 60 per account in a minute/,
      ),
      "delete /tips/{id}/bookmark": expect.stringMatching(/^Too many bookmark changes/),
      "patch /settings": expect.stringMatching(
        /^Too many settings changes \(at most 30 per account in a minute/,
      ),
      "get /unsubscribe/{token}": expect.stringMatching(
        /^Too many unsubscribe links \(at most 30 per address in a minute/,
      ),
      "post /unsubscribe/{token}": expect.stringMatching(/^Too many unsubscribe links/),
      "get /tips/{id}/mute": expect.stringMatching(
        /^Too many mute requests \(at most 120 per account in a minute/,
      ),
      "put /tips/{id}/mute": expect.stringMatching(/^Too many mute requests/),
      "delete /tips/{id}/mute": expect.stringMatching(/^Too many mute requests/),
      "put /comments/{id}/mute": expect.stringMatching(/^Too many mute requests/),
      "delete /comments/{id}/mute": expect.stringMatching(/^Too many mute requests/),
    });
  });

  it("states each write's body limit as the server enforces it", async () => {
    const ops = await operations();
    const limitOf = (key: string) =>
      ops.find(({ method, path }) => `${method} ${path}` === key)?.op.responses["413"]?.description;
    expect(limitOf("post /tips")).toMatch(/the limit is 256 KB/);
    expect(limitOf("post /auth/sign-in/email")).toMatch(/the limit is 64 KB/);
    expect(limitOf("post /uploads")).toMatch(/Larger than 10 MB/);
  });

  it("leaves out what only a Google account can use when Google is off, and those paths answer 404", async () => {
    // Each with a body its validation lets through, so the session is what decides.
    const googleOnly = [
      ["post", "/auth/sign-in/social", { provider: "google" }],
      ["post", "/auth/link-social", { provider: "google" }],
      ["post", "/auth/unlink-account", { accountId: "x" }],
      ["get", "/auth/account-info", undefined],
      ["post", "/auth/get-access-token", { accountId: "x" }],
      ["post", "/auth/refresh-token", { accountId: "x" }],
    ] as const;
    const keys = (await operations()).map(({ method, path }) => `${method} ${path}`);
    const client = createClient(ctx.app);
    expect((await client.post("/api/auth/sign-up/email", newAccount())).status).toBe(200);
    for (const [method, path, body] of googleOnly) {
      expect(keys, path).not.toContain(`${method} ${path}`);
      const res =
        method === "get"
          ? await client.get(`/api${path}?accountId=x`, { schema: ApiErrorSchema })
          : await client.post(`/api${path}`, body, { schema: ApiErrorSchema });
      expect(res.status, path).toBe(404);
      expect(res.body.message, path).toMatch(/^No API endpoint|^Google sign-in is not configured/);
    }
    expect((await client.get("/api/auth/callback/google?state=x&code=y")).status).toBe(404);
    // A password account lists its one account, its password.
    expect(keys).toContain("get /auth/list-accounts");
    const listed = await client.get("/api/auth/list-accounts", {
      schema: z.array(z.looseObject({ providerId: z.string() })),
    });
    expect(listed.body.map((account) => account.providerId)).toEqual(["credential"]);

    const google = await startGoogleApp({
      sub: "google-1",
      email: "google.person@example.com",
      name: "Google Person",
      picture: "",
    });
    try {
      const doc = await getJson(google.app, "/api/openapi.json", { schema: Document });
      const visitor = createClient(google.app);
      for (const [method, path, body] of googleOnly) {
        expect(doc.body.paths[path]?.[method], path).toBeDefined();
        if (path === "/auth/sign-in/social") continue;
        // Each answer is checked against that server's document by the client: 401 with a message.
        const res =
          method === "get"
            ? await visitor.get(`/api${path}?accountId=x`, { schema: ApiErrorSchema })
            : await visitor.post(`/api${path}`, body, { schema: ApiErrorSchema });
        expect(res.status, path).toBe(401);
        expect(res.body.message, path).toBe("Sign in first: this needs a signed-in session");
      }
    } finally {
      await google.close();
    }
  });
});
