import { afterEach, describe, expect, it } from "vitest";
import { earlierSite, migrationsOfThisRelease } from "./test/earlier-release.ts";
import { freePort, startServer, tempDir } from "./test/server-process.ts";

/**
 * docs/operations.md's "Upgrading" with several instances on one PostgreSQL: started together on the
 * earlier release's database, they take turns at the migrations (an advisory lock), and both answer.
 */
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("upgrading several instances at once", () => {
  it("both become ready on the same database, each migration applied once, the old tip served by both", async () => {
    const earlier = await earlierSite("0020");
    cleanups.push(earlier.close);
    const servers = await Promise.all(
      [0, 1].map(async () => {
        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        const server = startServer(
          {
            DATA_DIR: tempDir(),
            DATABASE_URL: earlier.url,
            BETTER_AUTH_SECRET: "upgrade-test-secret-0123456789abcdef",
            NODE_ENV: "production",
            PORT: String(port),
            HOST: "127.0.0.1",
            BASE_URL: base,
          },
          { waitForUrl: `${base}/api/health/ready` },
        );
        cleanups.push(async () => {
          server.child.kill("SIGTERM");
          await server.exited;
        });
        return { ...server, base };
      }),
    );
    await Promise.all(servers.map((server) => server.ready()));
    for (const { base } of servers) {
      expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
      const tip = await fetch(`${base}/api/tips/${earlier.tipId}`);
      expect(tip.status).toBe(200);
      expect(await tip.json()).toMatchObject({ title: "Mulch before the frost" });
    }
    expect(await earlier.applied()).toBe(migrationsOfThisRelease());
  });
});
