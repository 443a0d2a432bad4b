import { z } from "zod";
import { RoleChangeSchema, TeamMemberSchema } from "#shared/schemas/moderation.ts";
import type { SignedInEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { apiRoute, errorResponses } from "../../lib/requests/openapi.ts";
import { rateLimit } from "../../lib/security/rate-limit.ts";
import { requireRole } from "../../lib/security/session.ts";
import { imagesOf } from "../../lib/urls.ts";
import { toTeamMember } from "./moderation-dto.ts";
import { changeModerator, listTeam } from "./team.ts";

const handleParam = z.object({ handle: z.string().meta({ description: "The gardener's handle" }) });

const teamRoute = apiRoute({
  method: "get",
  path: "/moderation/team",
  operationId: "listModerationTeam",
  tags: ["Moderation"],
  summary: "The moderation team",
  description: "Administrators first, then moderators, each by name. For moderators and administrators.",
  middleware: [requireRole("moderator", "Sign in to see the moderation team")] as const,
  responses: {
    200: {
      description: "Administrators and moderators",
      content: { "application/json": { schema: z.array(TeamMemberSchema) } },
    },
  },
});

const roleRoute = apiRoute({
  method: "put",
  path: "/moderation/roles/{handle}",
  operationId: "setModeratorRole",
  tags: ["Moderation"],
  summary: "Appoint a moderator, or end the appointment",
  description:
    "Administrators only. `moderator` appoints the account, which must have a verified e-mail; `member` ends its appointment. Asking for the role it already has changes nothing. Each change and its reason go into the moderation log, and the member's sessions see the new role at once. Administrators are named by ADMIN_EMAILS: their role is not changed here (409).",
  middleware: [
    requireRole("administrator", "Sign in to appoint moderators"),
    rateLimit<SignedInEnv>("moderate", (c) => c.var.user.id),
  ] as const,
  request: {
    params: handleParam,
    body: { content: { "application/json": { schema: RoleChangeSchema } }, required: true },
  },
  responses: {
    200: {
      description: "The account with its role",
      content: { "application/json": { schema: TeamMemberSchema } },
    },
    ...errorResponses({
      400: "Invalid fields, each named in issues",
      404: "No gardener has this handle",
      409: "The account is an administrator (ADMIN_EMAILS decides its role)",
      422: "The account's e-mail is not verified",
    }),
  },
});

export const teamRouter = createRouter()
  .openapi(teamRoute, async (c) => {
    const images = imagesOf(c);
    return c.json(
      (await listTeam(c.var.db)).map((row) => toTeamMember(row, images)),
      200,
    );
  })
  .openapi(roleRoute, async (c) => {
    const { user } = c.var;
    const { role, reason } = c.req.valid("json");
    const result = await changeModerator(c.var.db, {
      handle: c.req.valid("param").handle,
      appoint: role === "moderator",
      actor: { id: user.id, name: user.name },
      reason,
    });
    return c.json(toTeamMember(result.row, imagesOf(c)), 200);
  });
