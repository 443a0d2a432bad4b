import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAgainstDocument } from "./openapi-validator.ts";
import { createTestApp } from "./test-db.ts";

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

  it("refuses a content type the document does not give", async () => {
    await expect(
      checkAgainstDocument(ctx.app, "GET", "/api/tips", {
        status: 200,
        contentType: "text/html",
        body: null,
        text: "<p>",
      }),
    ).rejects.toThrow(/content type text\/html/);
  });
});
