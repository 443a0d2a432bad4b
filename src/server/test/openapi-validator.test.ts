import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { createClient, newAccount } from "./http-client.ts";
import { checkAgainstDocument } from "./openapi-validator.ts";
import { createTestApp, getJson } from "./test-db.ts";

/** The check every API test's responses go through must catch a response the document does not describe. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
});
afterAll(async () => {
  await ctx.close();
});

const json = (status: number, body: unknown) => ({
  status,
  contentType: "application/json",
  body,
  text: JSON.stringify(body),
});
/** An answer whose text is not JSON: `body` is what a client parses out of it (nothing). */
const unparsed = (status: number, contentType: string, text: string) => ({
  status,
  contentType,
  body: null,
  text,
});

describe("checking responses against /api/openapi.json", () => {
  it("accepts what the document describes", async () => {
    await expect(checkAgainstDocument(ctx.app, "GET", "/api/tips", json(200, []))).resolves.toBeUndefined();
    await expect(
      checkAgainstDocument(ctx.app, "GET", "/api/tips/abc", json(404, { message: "Tip not found" })),
    ).resolves.toBeUndefined();
  });

  it("refuses a status the operation does not list", async () => {
    await expect(
      checkAgainstDocument(ctx.app, "GET", "/api/gardeners", json(418, { message: "teapot" })),
    ).rejects.toThrow(/answered 418, which \/api\/openapi.json does not document/);
  });

  it("refuses a body that does not match the schema", async () => {
    await expect(
      checkAgainstDocument(ctx.app, "GET", "/api/tips", json(200, [{ _id: 1, title: null }])),
    ).rejects.toThrow(/does not match the document/);
    await expect(
      checkAgainstDocument(ctx.app, "GET", "/api/tips/x", json(404, { nope: true })),
    ).rejects.toThrow(/does not match the document/);
  });

  it("refuses an empty body where the document describes one", async () => {
    await expect(
      checkAgainstDocument(ctx.app, "GET", "/api/auth/list-sessions", unparsed(401, "application/json", "")),
    ).rejects.toThrow(/answered no body, where the document describes application\/json/);
  });

  it("refuses a content type the document does not give", async () => {
    await expect(
      checkAgainstDocument(ctx.app, "GET", "/api/tips", unparsed(200, "text/html", "<p>")),
    ).rejects.toThrow(/content type text\/html/);
  });
});

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The parts of an OpenAPI document these tests read; anything else in it passes through unchecked. */
const OperationSchema = z.looseObject({
  operationId: z.string(),
  tags: z.array(z.string()),
  security: z.array(z.record(z.string(), z.array(z.string()))),
  responses: z.record(
    z.string(),
    z.looseObject({
      content: z.record(z.string(), z.looseObject({ schema: z.unknown() })).optional(),
      headers: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});
const DocumentSchema = z.looseObject({
  tags: z.array(z.object({ name: z.string(), description: z.string() })),
  paths: z.record(
    z.string(),
    z.partialRecord(z.enum(["get", "put", "post", "delete", "patch"]), OperationSchema),
  ),
  components: z.looseObject({
    securitySchemes: z.looseObject({ session: z.looseObject({ name: z.string(), description: z.string() }) }),
  }),
});
type Document = z.output<typeof DocumentSchema>;

const documentOf = async (app: TestApp["app"]) =>
  (await getJson(app, "/api/openapi.json", { schema: DocumentSchema })).body;

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) => (op ? [{ path, method, op }] : [])),
  );

describe("the /api/openapi.json document", () => {
  it("names every operation once, declares its tags, says which need the session, and lists its errors", async () => {
    const doc = await documentOf(ctx.app);
    const declaredTags = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    const ids = new Set<string>();
    for (const { path, method, op } of operationsOf(doc)) {
      const where = `${method} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(ids.has(op.operationId), `${where}: operationId ${op.operationId} used twice`).toBe(false);
      ids.add(op.operationId);
      for (const tag of op.tags) expect(declaredTags.get(tag), `${where}: tag ${tag}`).toBeTruthy();
      expect(Array.isArray(op.security), `${where}: security`).toBe(true);
      for (const requirement of op.security)
        expect(Object.keys(requirement)).toEqual(Object.keys(requirement).length ? ["session"] : []);
      expect(op.responses["500"], `${where}: 500`).toBeTruthy();
      if (["post", "put", "delete"].includes(method)) {
        expect(op.responses["403"], `${where}: 403 (cross-origin writes)`).toBeTruthy();
        expect(op.responses["413"], `${where}: 413 (body limit)`).toBeTruthy();
      }
      // The health checks' 503 is their own report: { status: "degraded", database: "down" } and the
      // readiness checks, each named.
      const reportsItself = where === "get /health" || where === "get /health/ready";
      for (const [status, response] of Object.entries(op.responses))
        if (Number(status) >= 400 && !reportsItself)
          expect(response.content?.["application/json"]?.schema, `${where} ${status}`).toEqual({
            $ref: "#/components/schemas/Error",
          });
    }
    expect(doc.paths["/tips"]?.get?.operationId).toBe("listTips");
    expect(doc.paths["/tips"]?.get?.security).toEqual([{}, { session: [] }]);
    expect(doc.paths["/tips"]?.post?.security).toEqual([{ session: [] }]);
    expect(doc.paths["/gardeners"]?.get?.security).toEqual([]);
    expect(doc.paths["/auth/sign-up/email"]?.post?.responses["422"]).toBeTruthy();
    expect(doc.paths["/auth/sign-in/email"]?.post?.responses["429"]?.headers?.["Retry-After"]).toBeTruthy();
  });

  it("lists only operations the server has: none answers as an unknown endpoint", async () => {
    const doc = await documentOf(ctx.app);
    const client = createClient(ctx.app);
    for (const { path, method } of operationsOf(doc)) {
      const url = `/api${path.replace(/\{[^}]+\}/g, "x")}`;
      // Each answer is also checked against the document by the client.
      const res = await (method === "get"
        ? client.get(url)
        : method === "delete"
          ? client.delete(url)
          : method === "put"
            ? client.put(url, {})
            : method === "patch"
              ? client.patch(url, {})
              : client.post(url, {}));
      expect(res.status, `${method} ${url}`).not.toBe(405);
      const message = ApiErrorSchema.safeParse(res.body).data?.message;
      expect(message ?? "", `${method} ${url}`).not.toMatch(/^No API endpoint/);
    }
  });

  it("leaves out what answers 404 or 405 here: the plugin's reference page, POST get-session", async () => {
    const doc = await documentOf(ctx.app);
    expect(doc.paths["/auth/reference"]).toBeUndefined();
    expect(doc.paths["/auth/get-session"]?.get).toBeTruthy();
    expect(doc.paths["/auth/get-session"]?.post).toBeUndefined();
    const client = createClient(ctx.app);
    const reference = await client.get("/api/auth/reference", { schema: ApiErrorSchema });
    expect(reference.status).toBe(404);
    expect(reference.body.message).toBe("No API endpoint GET /api/auth/reference");
    expect((await client.post("/api/auth/get-session")).status).toBe(405);
  });

  it("documents Google sign-in only when Google is configured", async () => {
    expect(Object.keys((await documentOf(ctx.app)).paths)).not.toContain("/auth/sign-in/social");
    const google = await createTestApp({
      config: {
        RATE_LIMIT: false,
        GOOGLE_CLIENT_ID: "client",
        GOOGLE_CLIENT_SECRET: "secret",
        GOOGLE_DISCOVERY_URL: "http://127.0.0.1:9/.well-known/openid-configuration",
      },
    });
    try {
      const doc = await documentOf(google.app);
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(["/auth/sign-in/social", "/auth/callback/{id}", "/auth/link-social"]),
      );
      expect(doc.paths["/auth/callback/{id}"]?.get?.responses["302"]).toBeTruthy();
    } finally {
      await google.close();
    }
  });

  it("names the session cookie a sign-up sets, over http and over https", async () => {
    const secure = await createTestApp({ config: { RATE_LIMIT: false, BASE_URL: "https://garden.example" } });
    try {
      for (const [app, origin] of [
        [ctx.app, "http://localhost"],
        [secure.app, "https://garden.example"],
      ] as const) {
        const { name, description } = (await documentOf(app)).components.securitySchemes.session;
        expect(description).toContain("__Secure-better-auth.session_token");
        const client = createClient(app, { origin });
        expect((await client.post("/api/auth/sign-up/email", newAccount())).status).toBe(200);
        expect([...client.cookies.keys()]).toContain(name);
      }
      expect((await documentOf(secure.app)).components.securitySchemes.session.name).toBe(
        "__Secure-better-auth.session_token",
      );
    } finally {
      await secure.close();
    }
  });
});
