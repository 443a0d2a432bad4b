import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTip } from "./test/http-client.ts";
import { type RunningCluster, startThrowawayCluster } from "./test/postgres-cluster.ts";
import { serveSite, signUp, tempDir } from "./test/server-process.ts";

/**
 * The PostgreSQL server restarted under load (docs/operations.md): while it is down every request is
 * answered 503 within 2 seconds, not held; health says so; the server reconnects by itself when it is
 * back; and every write it acknowledged is there afterwards. A cluster of this test's own, so stopping
 * it stops nobody else's tests.
 */
let cluster: RunningCluster;
let server: Awaited<ReturnType<typeof serveSite>>;
let base = "";
let dataDir = "";

beforeAll(async () => {
  cluster = await startThrowawayCluster();
  dataDir = tempDir();
  server = await serveSite({ DATA_DIR: dataDir, DATABASE_URL: cluster.url, RATE_LIMITS: "off" });
  base = server.base;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await cluster?.stop();
});

interface Outcome {
  status: number;
  ms: number;
  at: number;
}

async function timed(path: string, init: RequestInit = {}): Promise<Outcome & { body: unknown }> {
  const started = Date.now();
  const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
  const body = await res.json().catch(() => null);
  return { status: res.status, ms: Date.now() - started, at: started, body };
}

/**
 * A writer of many public tips: its e-mail confirmed first, as a person's must be. Each has its own name:
 * the first to confirm becomes the administrator, whose name no one else may take.
 */
let writersMade = 0;
const member = () => signUp(base, `Steady Writer ${++writersMade}`, { confirmIn: dataDir });

describe("PostgreSQL restarted under load", () => {
  it("answers 503 at once while it is down, recovers by itself, and keeps every acknowledged write", async () => {
    const writers = await Promise.all([member(), member(), member()]);
    const acknowledged: Array<{ id: string; cookie: string }> = [];
    const outcomes: Outcome[] = [];
    let running = true;

    const write = async (cookie: string) => {
      while (running) {
        const answer = await timed("/api/tips", {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: base, Cookie: cookie },
          body: JSON.stringify(newTip(`Kept through a restart ${randomUUID()}`)),
        });
        outcomes.push(answer);
        if (answer.status === 201) acknowledged.push({ id: (answer.body as { _id: string })._id, cookie });
        if (answer.status === 503) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const read = async (cookie: string) => {
      while (running) {
        const answer = await timed("/api/dashboard/stats", { headers: { Cookie: cookie } });
        outcomes.push(answer);
        if (answer.status === 503) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const load = [...writers.map(write), ...writers.slice(0, 2).map(read)];

    // Some writes go through before the restart.
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(10);
    const beforeDown = acknowledged.length;
    await cluster.pause();
    const down = Date.now();

    // While it is down: health says so, quickly, and requests are refused, not held.
    const health = await timed("/api/health");
    expect(health).toMatchObject({ status: 503, body: { status: "degraded", database: "down" } });
    expect(health.ms).toBeLessThan(2000);
    const ready = await timed("/api/health/ready");
    expect(ready).toMatchObject({ status: 503, body: { status: "not ready", database: "down" } });
    expect(ready.ms).toBeLessThan(2000);
    const refused = await timed("/api/tips", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base, Cookie: writers[0] ?? "" },
      body: JSON.stringify(newTip("Written while the database is down")),
    });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: expect.stringMatching(/cannot reach its database/) });
    expect(refused.ms).toBeLessThan(2000);
    // The load keeps running against the stopped database for a while.
    await expect
      .poll(() => outcomes.filter((o) => o.at > down && o.status === 503).length, { timeout: 10_000 })
      .toBeGreaterThan(20);

    await cluster.resume();
    // Back by itself: ready again, and writes acknowledged again.
    await expect.poll(async () => (await timed("/api/health/ready")).status, { timeout: 15_000 }).toBe(200);
    const backAt = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 15_000 }).toBeGreaterThan(backAt + 5);
    running = false;
    await Promise.all(load);

    expect(beforeDown).toBeGreaterThan(0);
    // Never a 500 nor a hang: each answer is a success or the 503, and each 503 came within 2 seconds.
    expect(new Set(outcomes.map((o) => o.status))).toEqual(new Set([200, 201, 503]));
    const slowRefusals = outcomes.filter((o) => o.status === 503 && o.ms >= 2000);
    expect(slowRefusals).toEqual([]);
    // Every write the server acknowledged, before, during or after the restart, is there.
    for (const { id, cookie } of acknowledged) {
      const res = await fetch(`${base}/api/tips/${id}`, { headers: { Cookie: cookie } });
      expect(res.status, `tip ${id}`).toBe(200);
    }
  }, 120_000);
});
