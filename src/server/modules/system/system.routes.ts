import { z } from "zod";
import { PublicConfigSchema } from "#shared/schemas/config.ts";
import { migrationsApplied } from "../../db/health.ts";
import { markPublic } from "../../lib/cache/public-cache-layer.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { apiRoute } from "../../lib/requests/openapi.ts";

const healthRoute = apiRoute({
  method: "get",
  path: "/health",
  operationId: "getHealth",
  tags: ["System"],
  summary: "Liveness and database reachability",
  responses: {
    200: {
      description: "The server and its database answer",
      content: {
        "application/json": { schema: z.object({ status: z.literal("ok"), database: z.literal("up") }) },
      },
    },
    503: {
      description: "The database does not answer",
      content: {
        "application/json": {
          schema: z.object({ status: z.literal("degraded"), database: z.literal("down") }),
        },
      },
    },
  },
});

const liveRoute = apiRoute({
  method: "get",
  path: "/health/live",
  operationId: "getLiveness",
  tags: ["System"],
  summary: "Whether the process answers at all, for an orchestrator's liveness probe",
  description: "Answers 200 while the process can answer requests; it reads nothing else.",
  responses: {
    200: {
      description: "The process answers",
      content: { "application/json": { schema: z.object({ status: z.literal("ok") }) } },
    },
  },
});

const ReadinessSchema = z
  .object({
    status: z.enum(["ready", "not ready"]),
    database: z.enum(["up", "down"]),
    migrations: z.enum(["done", "pending", "unknown"]),
    changeListener: z.enum(["listening", "not listening"]),
  })
  .meta({ id: "Readiness" });

const readyRoute = apiRoute({
  method: "get",
  path: "/health/ready",
  operationId: "getReadiness",
  tags: ["System"],
  summary: "Whether this instance should get traffic, for a load balancer's readiness probe",
  description:
    "Ready when the database answers within 2 seconds, every migration of this build is applied, and the " +
    "caches are following the database's changes (without that they could serve stale answers).",
  responses: {
    200: { description: "Ready", content: { "application/json": { schema: ReadinessSchema } } },
    503: {
      description: "Not ready: the failing check says why",
      content: { "application/json": { schema: ReadinessSchema } },
    },
  },
});

const configRoute = apiRoute({
  method: "get",
  path: "/config",
  operationId: "getConfig",
  tags: ["System"],
  summary: "Public site settings the web app reads at start",
  responses: {
    200: { description: "Public settings", content: { "application/json": { schema: PublicConfigSchema } } },
  },
});

/**
 * Health, readiness and the public settings. `followingChanges` says whether the caches hear the
 * database's changes (the server's change listener); `ping` whether the database answers.
 */
export const createSystemRouter = ({
  followingChanges,
  ping,
}: {
  followingChanges: () => boolean;
  ping: () => Promise<boolean>;
}) => {
  // Migrations are never undone while the process runs: once applied, not asked again.
  let migrated = false;
  return createRouter()
    .openapi(healthRoute, async (c) => {
      if (await ping()) return c.json({ status: "ok" as const, database: "up" as const }, 200);
      return c.json({ status: "degraded" as const, database: "down" as const }, 503);
    })
    .openapi(liveRoute, (c) => c.json({ status: "ok" as const }, 200))
    .openapi(readyRoute, async (c) => {
      const database = await ping();
      if (database && !migrated) migrated = await migrationsApplied(c.var.db).catch(() => false);
      const listening = followingChanges();
      const ready = database && migrated && listening;
      return c.json(
        {
          status: ready ? ("ready" as const) : ("not ready" as const),
          database: database ? ("up" as const) : ("down" as const),
          migrations: migrated ? ("done" as const) : database ? ("pending" as const) : ("unknown" as const),
          changeListener: listening ? ("listening" as const) : ("not listening" as const),
        },
        ready ? 200 : 503,
      );
    })
    .openapi(configRoute, (c) => {
      const { config } = c.var;
      const social = {
        facebook: config.SOCIAL_FACEBOOK_URL,
        twitter: config.SOCIAL_TWITTER_URL,
        instagram: config.SOCIAL_INSTAGRAM_URL,
        linkedin: config.SOCIAL_LINKEDIN_URL,
      };
      // Only configured networks are listed: the footer shows no icon that leads nowhere.
      const configured = Object.fromEntries(Object.entries(social).filter(([, url]) => url));
      // Read from the configuration, not the database: it changes only with a restart.
      markPublic(c, "everyone", []);
      return c.json(
        { social: configured, googleSignIn: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) },
        200,
      );
    });
};
