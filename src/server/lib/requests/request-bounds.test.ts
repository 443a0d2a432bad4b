import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { createClient, newAccount, type TestClient } from "../../test/http-client.ts";
import { createTestApp } from "../../test/test-db.ts";
import { NODE_LISTENER_OPTIONS } from "../security/unread-refusals.ts";
import { BODY_LIMITS } from "./body-limit.ts";

/** Bounded bodies, capped JSON depth, 405 with Allow, and the security headers (ADR 014). */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let server: http.Server;
let port: number;
let author: TestClient;
let tipId: string;

beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
  server = serve({
    fetch: ctx.app.fetch,
    port: 0,
    hostname: "127.0.0.1",
    ...NODE_LISTENER_OPTIONS,
  }) as http.Server;
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
  author = createClient(ctx.app);
  expect((await author.post("/api/auth/sign-up/email", newAccount())).status).toBe(200);
  const tip = await author.post(
    "/api/tips",
    {
      title: "Bounded tip",
      plantType: "Fern",
      difficulty: "Easy",
      description: "Keep the soil moist and out of the afternoon sun.",
      category: "Plant Care",
      availability: "Public",
    },
    { schema: TipSchema },
  );
  expect(tip.status).toBe(201);
  tipId = tip.body._id;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

/** A raw request over a socket: any method, chunked bodies, no client-side checks. */
function raw(method: string, path: string, body?: string | Buffer[], headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on("error", (error) => {
        // The server may answer 413 and close before the whole body is sent.
        if (
          (error as NodeJS.ErrnoException).code === "EPIPE" ||
          (error as NodeJS.ErrnoException).code === "ECONNRESET"
        )
          return;
        reject(error);
      });
      if (Array.isArray(body)) for (const chunk of body) req.write(chunk);
      else if (body !== undefined) req.write(body);
      req.end();
    },
  );
}

describe("body limits", () => {
  it("refuses an oversized auth body with 413 and a message, by its Content-Length", async () => {
    const big = JSON.stringify({ email: "a@example.com", password: "x".repeat(BODY_LIMITS.other) });
    const res = await ctx.app.request("http://localhost/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(big)) },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "Request body too large (the limit is 64 KB)" });
  });

  it("refuses a chunked body with no Content-Length once it passes the limit", async () => {
    const chunk = Buffer.alloc(16 * 1024, "a");
    const res = await raw(
      "POST",
      "/api/auth/sign-in/email",
      Array.from({ length: 64 }, () => chunk),
      {
        "Content-Type": "application/json",
        "Transfer-Encoding": "chunked",
      },
    );
    expect(res.status).toBe(413);
    expect(ApiErrorSchema.parse(JSON.parse(res.body)).message).toMatch(/too large/);
  });

  it("lets tips carry up to 256 KB, and no more", async () => {
    const body = (size: number) =>
      JSON.stringify({
        title: "Long",
        plantType: "Fern",
        description: "d".repeat(size),
        category: "Plant Care",
      });
    const within = await author.post("/api/tips", JSON.parse(body(100 * 1024)));
    expect(within.status).not.toBe(413);
    const over = await author.post("/api/tips", JSON.parse(body(BODY_LIMITS.tips)), {
      schema: ApiErrorSchema,
    });
    expect(over.status).toBe(413);
    expect(over.body.message).toBe("Request body too large (the limit is 256 KB)");
  });
});

describe("JSON bodies", () => {
  it("refuses JSON nested a million deep at once (413), and nesting past 32 levels with 400", async () => {
    const deep = `${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`;
    for (const path of ["/api/tips", "/api/auth/sign-in/email"]) {
      const res = await raw("POST", path, deep, {
        "Content-Type": "application/json",
        "Content-Length": String(deep.length),
      });
      // Two megabytes are over every limit: refused before being read.
      expect(res.status).toBe(413);
    }
    const within = `{"title":${"[".repeat(20_000)}${"]".repeat(20_000)}}`;
    const nested = await ctx.app.request("http://localhost/api/tips", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost", Cookie: cookieOf(author) },
      body: within,
    });
    expect(nested.status).toBe(400);
    expect(ApiErrorSchema.parse(await nested.json()).message).toMatch(/deeper than 32 levels/);
  });

  it("refuses a tip sent as a form with 415, and a bare JSON value with 400", async () => {
    const form = await ctx.app.request("http://localhost/api/tips", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost",
        Cookie: cookieOf(author),
      },
      body: "title=Form+tip&plantType=Fern",
    });
    expect(form.status).toBe(415);
    for (const value of ["123", '"str"', "true", "null", "[]"]) {
      const res = await ctx.app.request(`http://localhost/api/tips/${tipId}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Origin: "http://localhost", Cookie: cookieOf(author) },
        body: value,
      });
      expect(res.status, value).toBe(400);
    }
  });
});

function cookieOf(client: TestClient) {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

describe("405 Method Not Allowed", () => {
  it.each([
    ["PATCH", "/api/tips", "GET, HEAD, POST"],
    ["OPTIONS", "/api/tips", "GET, HEAD, POST"],
    ["TRACE", "/api/tips", "GET, HEAD, POST"],
    ["PATCH", "/api/tips/{id}", "DELETE, GET, HEAD, PUT"],
    ["TRACE", "/api/tips/{id}", "DELETE, GET, HEAD, PUT"],
    ["OPTIONS", "/api/tips/{id}", "DELETE, GET, HEAD, PUT"],
    ["PUT", "/api/tips/{id}/like", "DELETE, POST"],
    ["POST", "/api/gardeners", "GET, HEAD"],
    ["DELETE", "/api/dashboard/stats", "GET, HEAD"],
    ["PUT", "/api/auth/sign-in/email", "POST"],
    ["DELETE", "/api/auth/get-session", "GET, HEAD, POST"],
  ])("%s %s answers 405 with Allow: %s, signed in or not", async (method, path, allow) => {
    const target = path.replace("{id}", tipId);
    for (const cookie of [undefined, cookieOf(author)]) {
      const res = await raw(method, target, undefined, cookie ? { Cookie: cookie } : {});
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe(allow);
      if (method !== "HEAD")
        expect(ApiErrorSchema.parse(JSON.parse(res.body)).message).toContain(`${method} is not allowed`);
    }
  });

  it("unknown API paths still answer 404", async () => {
    for (const method of ["GET", "PATCH", "POST"]) {
      const res = await raw(method, "/api/no-such-thing");
      expect(res.status).toBe(404);
    }
  });
});

describe("security headers", () => {
  it.each([
    ["http", "http://localhost", false],
    ["https", "https://garden.example", true],
  ])(
    "over %s: Permissions-Policy, X-Frame-Options DENY, HSTS only for https",
    async (_scheme, baseUrl, hsts) => {
      const app = await createTestApp({ config: { BASE_URL: baseUrl, RATE_LIMIT: false } });
      try {
        for (const path of ["/api/health", "/api/tips", "/no-such-page"]) {
          const res = await app.app.request(`${baseUrl}${path}`);
          expect(res.headers.get("x-frame-options"), path).toBe("DENY");
          expect(res.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
          expect(res.headers.get("permissions-policy")).toMatch(/geolocation=\(\)/);
          expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
          if (hsts) expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
          else expect(res.headers.get("strict-transport-security")).toBeNull();
        }
      } finally {
        await app.close();
      }
    },
  );
});
