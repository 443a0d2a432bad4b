/**
 * `npm run bench -- soak`: ten minutes (BENCH_SOAK_SECONDS) of mixed traffic against the production
 * build on the embedded PGlite with the demo data (BENCH_DRIVERS=postgres for a throwaway PostgreSQL):
 * 50 clients at once browse, search, open tips, like and unlike, share and delete. Every 30 s it prints
 * the requests answered, the errors and the server's resident memory. The target is that the rate holds
 * (the last window within 10 % of the first), with 0 errors and memory growing less than 10 % (measured
 * from the end of the first minute, once warm).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startThrowawayCluster } from "../src/server/test/postgres-cluster.ts";
import { freePort } from "../src/server/test/server-process.ts";
import { ensureBuilt, startServer } from "./support.ts";

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const CLIENTS = 50;
const WINDOW_MS = 30_000;
const WORDS = ["compost", "basil", "tomato", "rose", "water", "mulch", "seed", "frost", "bees", "prune"];
const LEVELS = ["", "&difficulty=Easy", "&difficulty=Medium", "&difficulty=Hard"];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

function residentMemory(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

async function soak(env: Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(env, port);
  const pid = server.pid ?? 0;
  const origin = { Origin: base };
  try {
    // One account per client.
    const cookies: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const response = await fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...origin },
        body: JSON.stringify({
          name: `Soak ${i}`,
          email: `soak.${i}.${Date.now()}@example.com`,
          password: "Sunflower7",
        }),
      });
      if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
      cookies.push(
        response.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; "),
      );
    }
    const ids = ((await (await fetch(`${base}/api/tips?limit=100`)).json()) as Array<{ _id: string }>).map(
      (tip) => tip._id,
    );

    let requests = 0;
    let errors = 0;
    const errorSamples: string[] = [];
    const check = async (response: Response, expected: number[]) => {
      await response.arrayBuffer();
      requests += 1;
      if (!expected.includes(response.status)) {
        errors += 1;
        if (errorSamples.length < 5) errorSamples.push(`${response.url} -> ${response.status}`);
      }
    };

    const stopAt = Date.now() + SECONDS * 1000;
    async function client(i: number) {
      const cookie = { Cookie: cookies[i] ?? "", ...origin };
      while (Date.now() < stopAt) {
        const roll = Math.random();
        try {
          if (roll < 0.4) {
            const page = Math.floor(Math.random() * 4);
            await check(
              await fetch(`${base}/api/tips?availability=Public&limit=10&offset=${page * 10}${pick(LEVELS)}`),
              [200],
            );
          } else if (roll < 0.6) {
            await check(await fetch(`${base}/api/tips?availability=Public&limit=10&q=${pick(WORDS)}`), [200]);
          } else if (roll < 0.75) {
            await check(await fetch(`${base}/api/tips/${pick(ids)}`), [200]);
          } else if (roll < 0.8) {
            await check(await fetch(`${base}/api/tips/${pick(ids)}`, { headers: cookie }), [200]);
          } else if (roll < 0.9) {
            const liked = Math.random() < 0.5;
            await check(
              await fetch(`${base}/api/tips/${pick(ids)}/like`, {
                method: liked ? "POST" : "DELETE",
                headers: cookie,
              }),
              [200],
            );
          } else if (roll < 0.95) {
            await check(await fetch(`${base}/api/gardeners?status=active&limit=6`), [200]);
          } else {
            // Share, then delete it: the data stays the same size, so memory is compared like with like.
            const shared = await fetch(`${base}/api/tips`, {
              method: "POST",
              headers: { "Content-Type": "application/json", ...cookie },
              body: JSON.stringify({
                title: `Soak tip ${pick(WORDS)} ${Date.now()}`,
                plantType: "Kale",
                difficulty: "Easy",
                description: "A tip shared during the soak test.",
                category: "Vegetables",
              }),
            });
            const body = (await shared
              .clone()
              .json()
              .catch(() => null)) as { _id?: string } | null;
            await check(shared, [201]);
            if (body?._id)
              await check(
                await fetch(`${base}/api/tips/${body._id}`, { method: "DELETE", headers: cookie }),
                [204],
              );
          }
        } catch (error) {
          requests += 1;
          errors += 1;
          if (errorSamples.length < 5) errorSamples.push(String(error));
        }
      }
    }

    const windows: Array<{ at: number; requests: number; errors: number; rss: number }> = [];
    let last = { requests: 0, errors: 0 };
    const started = Date.now();
    const sampler = setInterval(() => {
      const window = {
        at: Math.round((Date.now() - started) / 1000),
        requests: requests - last.requests,
        errors: errors - last.errors,
        rss: residentMemory(pid),
      };
      last = { requests, errors };
      windows.push(window);
      console.log(
        `${String(window.at).padStart(4)} s  ${(window.requests / (WINDOW_MS / 1000)).toFixed(0).padStart(6)} req/s  ${window.errors} errors  ${(window.rss / 1024 / 1024).toFixed(1)} MB`,
      );
    }, WINDOW_MS);
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    clearInterval(sampler);

    const first = windows[0];
    const warm = windows[Math.min(1, windows.length - 1)];
    const final = windows.at(-1);
    if (!first || !warm || !final) throw new Error("the soak was too short to measure");
    const rateHeld = final.requests / first.requests;
    const growth = (final.rss - warm.rss) / warm.rss;
    console.log(
      `\n${requests.toLocaleString("en")} requests in ${SECONDS} s, ${errors} errors; last window at ${(rateHeld * 100).toFixed(0)} % of the first; memory ${(warm.rss / 1024 / 1024).toFixed(1)} MB after ${warm.at} s -> ${(final.rss / 1024 / 1024).toFixed(1)} MB at the end (${(growth * 100).toFixed(1)} %)`,
    );
    if (errorSamples.length > 0) console.log(`errors, for example: ${errorSamples.join("; ")}`);
    const ok = errors === 0 && rateHeld >= 0.9 && growth < 0.1;
    console.log(ok ? "Soak: passed" : "Soak: FAILED");
    return ok;
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}

ensureBuilt();
const drivers = (process.env.BENCH_DRIVERS ?? "pglite").split(",");
let ok = true;
for (const driver of drivers) {
  console.log(`\nSoak on ${driver}, ${CLIENTS} clients, ${SECONDS} s`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "garden-soak-"));
  try {
    if (driver === "postgres") {
      const cluster = await startThrowawayCluster();
      try {
        const admin = new pg.Client({ connectionString: cluster.url });
        await admin.connect();
        await admin.query("create database soak");
        await admin.end();
        const url = new URL(cluster.url);
        url.pathname = "/soak";
        ok = (await soak({ DATA_DIR: dataDir, DATABASE_URL: url.toString() })) && ok;
      } finally {
        await cluster.stop();
      }
    } else ok = (await soak({ DATA_DIR: dataDir })) && ok;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
process.exit(ok ? 0 : 1);
