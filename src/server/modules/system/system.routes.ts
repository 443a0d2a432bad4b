import { z } from "zod";
import { PublicConfigSchema } from "#shared/schemas/config.ts";
import { pingDatabase } from "../../db/client.ts";
import { createRouter } from "../../lib/create-router.ts";
import { apiRoute } from "../../lib/openapi.ts";
import { markPublic } from "../../lib/public-cache-layer.ts";

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

export const systemRouter = createRouter()
  .openapi(healthRoute, async (c) => {
    if (await pingDatabase(c.var.db)) return c.json({ status: "ok" as const, database: "up" as const }, 200);
    return c.json({ status: "degraded" as const, database: "down" as const }, 503);
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
