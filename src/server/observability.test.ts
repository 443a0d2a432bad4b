import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { poll } from "./test/poll.ts";
import { freePort, migratedDataDir, serveSite, siteData } from "./test/server-process.ts";

/**
 * What an operator sees of the running server (ADR 044): a JSON line per request with its id, route,
 * status, time and account, the same id in the answer's X-Request-Id and on every line written while it
 * was answered; Prometheus figures at /metrics for a scraper with the token; health for load balancers.
 */
const TOKEN = "metrics-token-for-the-test-0123456789";
let server: Awaited<ReturnType<typeof serveSite>>;
let base = "";
let dropDatabase = async () => {};

beforeAll(async () => {
  const data = await siteData("garden_observe");
  dropDatabase = data.drop;
  server = await serveSite(
    {
      ...data.env,
      LOG_LEVEL: "debug",
      // As behind a load balancer, which names each request in X-Request-Id.
      TRUST_PROXY: "1",
      METRICS_TOKEN: TOKEN,
    },
    { readyPath: "/api/health" },
  );
  base = server.base;
}, 120_000);

afterAll(async () => {
  await server.stop();
  await dropDatabase();
});

interface LogEvent {
  level: string;
  time: string;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  status?: number;
  ms?: number;
  account?: string;
  cache?: string;
}

/** The server's output as the JSON events a collector reads; every line must be one. */
function events(): LogEvent[] {
  return server
    .output()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogEvent);
}

/** The request line of the answer with this id, once written (after the answer has gone). */
async function requestLine(id: string): Promise<LogEvent> {
  const found = await poll(() => events().find((event) => event.reqId === id && event.route !== undefined), {
    withinMs: 10_000,
  });
  if (!found) throw new Error(`no request line for ${id} in:\n${server.output()}`);
  return found.value;
}

const idOf = (res: Response) => res.headers.get("x-request-id") ?? "";
const json = { "Content-Type": "application/json" };

async function signUp() {
  const email = `observed.${randomUUID()}@example.com`;
  const password = `Pw-${randomUUID()}`;
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { ...json, Origin: base },
    body: JSON.stringify({ name: "Observed Gardener", email, password }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { user: { id: string } };
  const cookie = res.headers.getSetCookie().map((line) => line.split(";")[0] ?? "");
  return {
    email,
    password,
    id: body.user.id,
    res,
    cookie: cookie.join("; "),
    token: cookie[0]?.split("=")[1] ?? "",
  };
}

async function scrape(): Promise<string> {
  const res = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

/** A sample's value in Prometheus's text format (0 when the series has not appeared yet). */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("the request log", () => {
  it("is one JSON line per request, with its id, route pattern, status, time and account", async () => {
    const member = await signUp();
    const missing = await fetch(`${base}/api/tips/${randomUUID()}`, { headers: { Cookie: member.cookie } });
    expect(missing.status).toBe(404);
    expect(idOf(missing)).toMatch(/^[0-9a-f-]{36}$/);

    const line = await requestLine(idOf(missing));
    expect(line).toMatchObject({
      level: "info",
      method: "GET",
      route: "/api/tips/:id",
      status: 404,
      account: member.id,
    });
    expect(line.ms).toBeGreaterThanOrEqual(0);
    // The route's own line about the request (at debug) names the same request.
    const inner = events().filter((event) => event.reqId === idOf(missing) && event.route === undefined);
    expect(inner.map((event) => event.msg)).toEqual([expect.stringMatching(/answered 404: /)]);

    const signUpLine = await requestLine(idOf(member.res));
    expect(signUpLine).toMatchObject({ method: "POST", route: "/api/auth/sign-up/email", status: 200 });
  });

  it("gives the id a trusted proxy sent back when it is a plain token, and a new one otherwise", async () => {
    const sent = `lb-${randomUUID()}`;
    const kept = await fetch(`${base}/api/config`, { headers: { "X-Request-Id": sent } });
    expect(idOf(kept)).toBe(sent);
    expect(await requestLine(sent)).toMatchObject({ route: "/api/config", status: 200 });

    const replaced = await fetch(`${base}/api/config`, { headers: { "X-Request-Id": "two words {}" } });
    expect(idOf(replaced)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("names the route of an answer the cache sent before the app saw the request", async () => {
    const path = `/api/tips?availability=Public&limit=2&seen=${randomUUID()}`;
    const first = await fetch(`${base}${path}`);
    const second = await fetch(`${base}${path}`);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await requestLine(idOf(first))).toMatchObject({ route: "/api/tips", status: 200 });
    const hit = await requestLine(idOf(second));
    expect(hit).toMatchObject({ route: "/api/tips", status: 200, cache: "hit" });
  });

  it("never holds a password, a session cookie or a token sent in a path", async () => {
    const member = await signUp();
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { ...json, Origin: base },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(signIn.status).toBe(200);
    const session = await fetch(`${base}/api/auth/get-session`, { headers: { Cookie: member.cookie } });
    expect(session.status).toBe(200);
    const resetToken = `reset${randomUUID().replaceAll("-", "")}`;
    const reset = await fetch(`${base}/api/auth/reset-password/${resetToken}?callbackURL=/auth/reset`, {
      redirect: "manual",
    });
    await requestLine(idOf(reset));
    expect(await requestLine(idOf(signIn))).toMatchObject({ route: "/api/auth/sign-in/email", status: 200 });
    expect(await requestLine(idOf(session))).toMatchObject({ account: member.id });
    expect(await requestLine(idOf(reset))).toMatchObject({ route: "/api/auth/reset-password/:token" });

    const log = server.output();
    expect(member.token.length).toBeGreaterThan(20);
    expect(log).not.toContain(member.password);
    expect(log).not.toContain(member.token);
    expect(log).not.toContain(decodeURIComponent(member.token));
    expect(log).not.toContain(resetToken);
    expect(log.toLowerCase()).not.toContain("cookie");
  });
});

describe("/metrics", () => {
  it("refuses a scraper without the token, and counts requests, caches, limits and the database", async () => {
    const refused = await fetch(`${base}/metrics`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe("Bearer");
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer wrong" } })).status).toBe(401);

    const before = await scrape();
    const path = `/api/tips?availability=Public&limit=3&metrics=${randomUUID()}`;
    await fetch(`${base}${path}`);
    await fetch(`${base}${path}`);
    await fetch(`${base}/api/tips/${randomUUID()}`);
    // A fourth reset e-mail for one address within 15 minutes is refused by the resetEmail policy.
    const { email } = await signUp();
    const resets: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const res = await fetch(`${base}/api/auth/request-password-reset`, {
        method: "POST",
        headers: { ...json, Origin: base },
        body: JSON.stringify({ email, redirectTo: "/auth/reset" }),
      });
      resets.push(res.status);
    }
    expect(resets).toEqual([200, 200, 200, 429]);

    const after = await scrape();
    const delta = (series: string) => sample(after, series) - sample(before, series);
    expect(delta('http_requests_total{method="GET",route="/api/tips",status="200"}')).toBe(2);
    expect(delta('http_requests_total{method="GET",route="/api/tips/:id",status="404"}')).toBe(1);
    expect(
      delta('http_requests_total{method="POST",route="/api/auth/request-password-reset",status="429"}'),
    ).toBe(1);
    expect(delta('garden_cache_lookups_total{cache="public",result="hit"}')).toBe(1);
    expect(delta('garden_cache_lookups_total{cache="public",result="miss"}')).toBe(1);
    expect(delta('garden_rate_limit_refusals_total{policy="resetEmail"}')).toBe(1);
    expect(
      sample(after, 'http_request_duration_seconds_count{method="GET",route="/api/tips/:id"}'),
    ).toBeGreaterThan(0);
    expect(sample(after, "garden_db_connections_total")).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^garden_mail_queue_length \d+$/m);
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
    // Route patterns only: no path asked for becomes a label.
    expect(after).not.toContain(path.split("=").at(-1));
  });
});

describe("health", () => {
  it("answers liveness and readiness for load balancers", async () => {
    const live = await fetch(`${base}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ready",
      database: "up",
      migrations: "done",
      changeListener: "listening",
    });
    expect(ready.headers.get("cache-control")).toBe("no-store");
    // Polled every few seconds: written at debug, not at info.
    expect(await requestLine(idOf(ready))).toMatchObject({ level: "debug", route: "/api/health/ready" });
  });
});

describe("METRICS_PORT", () => {
  it("serves the figures on a port of their own, and nothing else there or on the site's port", async () => {
    const metricsPort = await freePort();
    const own = await serveSite(
      { DATA_DIR: await migratedDataDir(), METRICS_PORT: String(metricsPort) },
      { readyPath: "/api/health" },
    );
    const site = own.base;
    try {
      // With no proxy trusted, a client cannot name its own request.
      const named = await fetch(`${site}/api/config`, { headers: { "X-Request-Id": "chosen-by-client" } });
      expect(idOf(named)).toMatch(/^[0-9a-f-]{36}$/);
      const figures = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(figures.status).toBe(200);
      expect(figures.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await figures.text()).toMatch(
        /^http_requests_total\{method="GET",route="\/api\/config",status="200"\} 1$/m,
      );
      expect((await fetch(`http://127.0.0.1:${metricsPort}/api/config`)).status).toBe(404);
      expect((await fetch(`${site}/metrics`)).status).toBe(404);
    } finally {
      expect(await own.stop()).toBe(0);
    }
  }, 180_000);
});
