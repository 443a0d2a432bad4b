import { afterEach, describe, expect, it } from "vitest";
import { earlierSite, migrationsOfThisRelease } from "./test/earlier-release.ts";
import { freePort, signUp, startServer } from "./test/server-process.ts";
import { testDriver } from "./test/test-db.ts";

/**
 * docs/operations.md's "Upgrading": a new release started on the data the release before it left applies
 * its migrations before it answers, and everything the members had is still theirs. The earlier release
 * is the last one before migration 0020 (moderation notices, appeals and blocks).
 */
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(env: Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(
    { ...env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", BASE_URL: base },
    { waitForUrl: `${base}/api/health/ready` },
  );
  cleanups.push(async () => {
    server.child.kill("SIGTERM");
    await server.exited;
  });
  await server.ready();
  return base;
}

const json = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
};

describe("upgrading: the new release started on the earlier release's data", () => {
  it("applies the new migrations before it answers, keeps every member and tip, and takes new writes", async () => {
    const earlier = await earlierSite("0020");
    cleanups.push(earlier.close);
    const base = await serve({
      DATA_DIR: earlier.dataDir,
      ...(earlier.url ? { DATABASE_URL: earlier.url } : {}),
    });

    expect(await json(`${base}/api/health/ready`)).toMatchObject({ status: 200 });
    expect(await json(`${base}/api/tips/${earlier.tipId}`)).toMatchObject({
      status: 200,
      body: { title: "Mulch before the frost", authorHandle: earlier.handle },
    });
    expect(await json(`${base}/api/gardeners/${earlier.handle}`)).toMatchObject({
      status: 200,
      body: { name: "Fern Early" },
    });

    // What the new migrations made works with the old rows: a new member likes the tip and blocks its author.
    const headers = { Origin: base, Cookie: await signUp(base) };
    const like = await json(`${base}/api/tips/${earlier.tipId}/like`, { method: "POST", headers });
    expect(like).toMatchObject({ status: 200, body: { liked: true, totalLiked: 1 } });
    const block = await fetch(`${base}/api/blocks/${earlier.handle}`, { method: "POST", headers });
    expect(block.status).toBe(201);

    if (testDriver === "postgres") expect(await earlier.applied()).toBe(migrationsOfThisRelease());
  });
});
