import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import type { Db } from "./db/client.ts";
import { standInWebRoot } from "./test/web-root.ts";

/** The production serving of the built SPA, on a stand-in build folder; no database is touched. */
let app: ReturnType<typeof createApp>;
const cwd = process.cwd();
beforeAll(() => {
  const webRoot = standInWebRoot();
  app = createApp({ db: {} as Db, authSecret: "x".repeat(32), webRoot });
});
afterAll(() => process.chdir(cwd));

describe("serving the built web app", () => {
  it("caches hashed assets for a year", async () => {
    const res = await app.request("http://localhost/assets/index-AbC123.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toContain("console.log");
  });

  it("serves other static files with a short cache", async () => {
    const res = await app.request("http://localhost/images/leaf.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it.each(["/", "/explore-gardeners", "/tips/123", "/dashboard/my-tips", "/dashboard", "/update-tip/a-b/"])(
    "answers index.html for the client route %s, revalidated on every visit",
    async (route) => {
      const res = await app.request(`http://localhost${route}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toContain("app shell");
    },
  );

  it("keeps a member's pages out of search engines, and only theirs", async () => {
    for (const route of [
      "/tips/123",
      "/my-tips",
      "/dashboard",
      "/dashboard/add-tip",
      "/profile",
      "/update-tip/a/",
    ]) {
      const res = await app.request(`http://localhost${route}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-robots-tag"), route).toBe("noindex");
    }
    for (const route of [
      "/",
      "/explore-gardeners",
      "/browse-tips",
      "/auth/login",
      "/privacy",
      "/no/such/page",
    ]) {
      const res = await app.request(`http://localhost${route}`);
      expect(res.headers.get("x-robots-tag"), route).toBeNull();
    }
  });

  it.each(["/no/such/page", "/dashboard/nothing", "/tips", "/tips/1/2", "/browse-tipsx"])(
    "answers the app with 404 for %s, which is no page of it",
    async (route) => {
      const res = await app.request(`http://localhost${route}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toContain("app shell");
    },
  );

  it("answers 404 for a missing file instead of the app", async () => {
    const res = await app.request("http://localhost/images/missing.png");
    expect(res.status).toBe(404);
    const asset = await app.request("http://localhost/assets/gone-123.js");
    expect(asset.status).toBe(404);
  });

  it("lets the sign-in popup keep its opener, while pages isolate theirs", async () => {
    const popup = await app.request("http://localhost/auth/popup-done.html");
    expect(popup.status).toBe(200);
    expect(popup.headers.get("cross-origin-opener-policy")).toBe("unsafe-none");
    const page = await app.request("http://localhost/auth/login");
    expect(page.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
  });

  it("keeps unknown API paths as JSON 404s", async () => {
    const res = await app.request("http://localhost/api/unknown");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "No API endpoint GET /api/unknown" });
  });
});
