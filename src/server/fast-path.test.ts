import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveSite, siteData } from "./test/server-process.ts";

/**
 * The server answers a stored public answer before the app sees the request (ADR 022). What it sends must
 * be what the app sends: the same status, headers and bytes, 304 and compression included.
 */
let site: Awaited<ReturnType<typeof serveSite>>;
let base = "";
let dropDatabase = async () => {};

beforeAll(async () => {
  const data = await siteData("garden_fast");
  dropDatabase = data.drop;
  site = await serveSite(
    { ...data.env, NODE_ENV: "development", SEED_DEMO_DATA: "true" },
    { readyPath: "/api/health" },
  );
  base = site.base;
}, 120_000);

afterAll(async () => {
  await site.stop();
  await dropDatabase();
});

/** The headers that describe the answer: not its time, connection, or the id of the request it answered. */
const headersOf = (response: Response) =>
  Object.fromEntries(
    [...response.headers].filter(([name]) => !["date", "keep-alive", "x-request-id"].includes(name)),
  );

describe("answers from the server's fast path", () => {
  for (const path of [
    "/api/tips?availability=Public",
    "/api/gardeners?status=active&limit=6",
    "/api/config",
  ]) {
    it(`are the app's own answers for ${path}`, async () => {
      for (const encoding of ["identity", "br", "gzip"]) {
        const init = { headers: { "Accept-Encoding": encoding } };
        // The first request of a path goes through the app and fills the cache; the next is the fast path.
        const url = `${base}${path}${path.includes("?") ? "&" : "?"}e=${encoding}`;
        const first = await fetch(url, init);
        const firstBody = Buffer.from(await first.arrayBuffer());
        const second = await fetch(url, init);
        const secondBody = Buffer.from(await second.arrayBuffer());
        expect(headersOf(second)).toEqual(headersOf(first));
        // Each request has its own id, whichever way it was answered.
        expect(second.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
        expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
        expect(secondBody.equals(firstBody)).toBe(true);
        expect(second.headers.get("etag")).toMatch(/^"/);

        const notModified = await fetch(url, {
          headers: { "If-None-Match": second.headers.get("etag") ?? "" },
        });
        expect(notModified.status).toBe(304);
        expect((await notModified.arrayBuffer()).byteLength).toBe(0);
      }
    });
  }

  it("never answers a signed-in caller with a visitor's tip", async () => {
    const list = (await (await fetch(`${base}/api/tips?availability=Public&limit=1`)).json()) as Array<{
      _id: string;
    }>;
    const id = list[0]?._id ?? "";
    await fetch(`${base}/api/tips/${id}`);
    const visitor = (await (await fetch(`${base}/api/tips/${id}`)).json()) as { likedByMe?: boolean };
    expect(visitor.likedByMe).toBeUndefined();
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({
        name: "Fast",
        email: `fast.${randomUUID()}@example.com`,
        password: "Sunflower7",
      }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const signedIn = (await (
      await fetch(`${base}/api/tips/${id}`, { headers: { Cookie: cookie } })
    ).json()) as {
      likedByMe?: boolean;
    };
    expect(signedIn.likedByMe).toBe(false);
  });

  it("answers a member's session and own answers as the app does, and never after sign-out", async () => {
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({
        name: "Kept",
        email: `kept.${randomUUID()}@example.com`,
        password: "Sunflower7",
      }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    for (const path of ["/api/auth/get-session", "/api/dashboard/stats"]) {
      const init = { headers: { Cookie: cookie, "Accept-Encoding": "identity" } };
      // The first goes through the app and keeps the answer; the next come from the fast path.
      const first = await fetch(`${base}${path}`, init);
      const firstBody = Buffer.from(await first.arrayBuffer());
      for (let i = 0; i < 2; i++) {
        const again = await fetch(`${base}${path}`, init);
        expect(again.status, path).toBe(200);
        expect(headersOf(again), path).toEqual(headersOf(first));
        expect(Buffer.from(await again.arrayBuffer()).equals(firstBody), path).toBe(true);
      }
    }
    const out = await fetch(`${base}/api/auth/sign-out`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);
    expect(
      await (await fetch(`${base}/api/auth/get-session`, { headers: { Cookie: cookie } })).json(),
    ).toBeNull();
    expect((await fetch(`${base}/api/dashboard/stats`, { headers: { Cookie: cookie } })).status).toBe(401);
  });
});
