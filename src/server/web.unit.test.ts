import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import type { Db } from "./db/client.ts";

/** The production serving of the built SPA, on a stand-in build folder; no database is touched. */
let app: ReturnType<typeof createApp>;
const cwd = process.cwd();
beforeAll(() => {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), "garden-web-"));
  mkdirSync(path.join(webRoot, "assets"));
  mkdirSync(path.join(webRoot, "images"));
  writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><title>app shell</title>");
  writeFileSync(path.join(webRoot, "assets", "index-AbC123.js"), "console.log('app')");
  writeFileSync(path.join(webRoot, "images", "leaf.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  mkdirSync(path.join(webRoot, "auth"));
  writeFileSync(path.join(webRoot, "auth", "popup-done.html"), "<!doctype html><title>done</title>");
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
