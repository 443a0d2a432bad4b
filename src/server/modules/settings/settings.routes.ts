import { SettingsSchema, SettingsUpdateSchema } from "#shared/schemas/settings.ts";
import type { SignedInEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { apiRoute, errorResponses, jsonAnswer } from "../../lib/requests/openapi.ts";
import { rateLimit } from "../../lib/security/rate-limit.ts";
import { requireUser } from "../../lib/security/session.ts";
import { settingsOf, updateSettings } from "./settings.service.ts";

const SIGN_IN = "Sign in to see your settings";
const settingsResponse = jsonAnswer("Your settings", SettingsSchema);

const getSettingsRoute = apiRoute({
  method: "get",
  path: "/settings",
  operationId: "getSettings",
  tags: ["Accounts"],
  summary: "Your own settings",
  description:
    "Settings only the signed-in member sees: the hemisphere of their garden (it turns a bookmark's \"next spring\" into a date) or its latitude (which says the hemisphere, and typical frost dates until they give their own), their frost dates, their time zone (when a reminder's morning is) and their notifications. Null until set.",
  middleware: [requireUser(SIGN_IN)] as const,
  responses: { 200: settingsResponse, ...errorResponses({}) },
});

const updateSettingsRoute = apiRoute({
  method: "patch",
  path: "/settings",
  operationId: "updateSettings",
  tags: ["Accounts"],
  summary: "Change your own settings",
  description:
    "Each field left out stays as it is; null clears it. A latitude sets the hemisphere (a different one in the same body is 400); a hemisphere given alone drops a latitude on the other side of the equator. Answers the settings as they are now.",
  middleware: [requireUser(SIGN_IN), rateLimit<SignedInEnv>("settings", (c) => c.var.user.id)] as const,
  request: {
    body: { content: { "application/json": { schema: SettingsUpdateSchema } }, required: true },
  },
  responses: { 200: settingsResponse, ...errorResponses({ 400: "Invalid fields, each named in issues" }) },
});

export const settingsRouter = createRouter()
  .openapi(getSettingsRoute, async (c) => c.json(await settingsOf(c.var.db, c.var.user.id), 200))
  .openapi(updateSettingsRoute, async (c) =>
    c.json(await updateSettings(c.var.db, c.var.user.id, c.req.valid("json")), 200),
  );
