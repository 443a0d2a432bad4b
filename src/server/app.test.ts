import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { createTestApp, getJson } from "./test/test-db.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({
    config: { SOCIAL_FACEBOOK_URL: "https://facebook.com/gardencommunity", SOCIAL_LINKEDIN_URL: undefined },
  });
});
afterAll(async () => {
  await ctx.close();
});

describe("the API shell", () => {
  it("answers unknown /api paths with a JSON 404, never the web app", async () => {
    for (const path of [
      "/api/nope",
      "/api/gardeners/extra/segments",
      "/api/",
      "/api/auth/nope",
      "/api/auth/",
    ]) {
      const res = await getJson(ctx.app, path, { schema: ApiErrorSchema });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.body.message).toMatch(/No API endpoint/);
    }
    const post = await ctx.app.request("http://localhost/api/nothing-here", { method: "POST" });
    expect(post.status).toBe(404);
    expect(await post.json()).toEqual({ message: "No API endpoint POST /api/nothing-here" });
  });

  it("reports health with the database up", async () => {
    const res = await getJson(ctx.app, "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", database: "up" });
  });

  it("publishes only the configured social links", async () => {
    const res = await getJson(ctx.app, "/api/config");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      social: { facebook: "https://facebook.com/gardencommunity" },
      googleSignIn: false,
    });
  });

  it("describes itself in OpenAPI 3.1 and serves interactive docs without the internet", async () => {
    const spec = await getJson(ctx.app, "/api/openapi.json", {
      schema: z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
    });
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toBe("3.1.0");
    expect(Object.keys(spec.body.paths)).toEqual(
      expect.arrayContaining(["/gardeners", "/health", "/config"]),
    );

    const docs = await ctx.app.request("http://localhost/api/docs");
    expect(docs.status).toBe(200);
    const html = await docs.text();
    expect(html).toContain("swagger-ui");
    // Every script and stylesheet the page loads is served by us.
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset.startsWith("/api/docs/"), asset).toBe(true);
      const res = await ctx.app.request(`http://localhost${asset}`);
      expect(res.status, asset).toBe(200);
    }
  });

  it("sends security headers", async () => {
    const res = await ctx.app.request("http://localhost/api/health");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
