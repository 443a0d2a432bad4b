import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { Metrics } from "../../lib/metrics.ts";
import { openTestDatabase } from "../../test/test-db.ts";

/** An app on a database of its own, told whether its caches follow the database's changes. */
async function appWith(following: boolean) {
  const database = await openTestDatabase();
  const app = createApp({
    db: database.db,
    authSecret: randomBytes(32).toString("hex"),
    config: { BASE_URL: "http://localhost" },
    metrics: new Metrics(),
    followingChanges: () => following,
  });
  return { app, database };
}

const ask = async (app: ReturnType<typeof createApp>, path: string) => {
  const res = await app.request(`http://localhost${path}`);
  return { status: res.status, body: await res.json() };
};

describe("readiness", () => {
  it("is refused while the caches do not follow the database's changes, and live still answers", async () => {
    const { app, database } = await appWith(false);
    try {
      expect(await ask(app, "/api/health/ready")).toEqual({
        status: 503,
        body: { status: "not ready", database: "up", migrations: "done", changeListener: "not listening" },
      });
      expect(await ask(app, "/api/health/live")).toEqual({ status: 200, body: { status: "ok" } });
    } finally {
      await database.close();
    }
  });

  it("says the database is down when it does not answer, and the old health check agrees", async () => {
    const { app, database } = await appWith(true);
    await database.close();
    const started = Date.now();
    expect(await ask(app, "/api/health/ready")).toEqual({
      status: 503,
      body: { status: "not ready", database: "down", migrations: "unknown", changeListener: "listening" },
    });
    expect(await ask(app, "/api/health")).toEqual({
      status: 503,
      body: { status: "degraded", database: "down" },
    });
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("is refused while a migration of this build is not applied", async () => {
    const { app, database } = await appWith(true);
    try {
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      expect((await ask(app, "/api/health/ready")).body).toMatchObject({
        status: "not ready",
        migrations: "pending",
      });
    } finally {
      await database.close();
    }
  });
});

describe("/metrics on the site's port", () => {
  it("is not there at all without METRICS_TOKEN", async () => {
    const { app, database } = await appWith(true);
    try {
      const res = await app.request("http://localhost/metrics", { headers: { Authorization: "Bearer x" } });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("http_requests_total");
    } finally {
      await database.close();
    }
  });
});
