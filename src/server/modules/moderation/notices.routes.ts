import { z } from "zod";
import { APPEAL_DAYS } from "#shared/constants.ts";
import {
  AppealInputSchema,
  AppealSchema,
  NoticeLookupSchema,
  NoticeSchema,
} from "#shared/schemas/moderation.ts";
import type { AppEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { idParam } from "../../lib/requests/ids.ts";
import { apiRoute, errorResponses } from "../../lib/requests/openapi.ts";
import { rateLimit } from "../../lib/security/rate-limit.ts";
import { getSessionUser, optionalUser, requireUser } from "../../lib/security/session.ts";
import { appealDecision } from "./appeals.ts";
import { toAppeal, toNotice } from "./moderation-dto.ts";
import { LINK_GONE, listNotices, markNoticeSeen, NO_NOTICE, noticeByToken } from "./notices.ts";

const noticesRoute = apiRoute({
  method: "get",
  path: "/moderation/notices",
  operationId: "listModerationNotices",
  tags: ["Moderation"],
  summary: "Decisions about what you posted",
  description: `Every moderator decision about your tips, comments, page and photos, newest first (at most 50), each with the moderator's reason, whether you have seen it, and your appeal: a decision may be appealed once within ${APPEAL_DAYS} days (not a dismissal, nor the answer to an appeal).`,
  middleware: [requireUser("Sign in to see decisions about what you posted")] as const,
  responses: {
    200: {
      description: "The decisions, newest first",
      content: { "application/json": { schema: z.array(NoticeSchema) } },
    },
  },
});

const noticeSeenRoute = apiRoute({
  method: "post",
  path: "/moderation/notices/{id}/seen",
  operationId: "markModerationNoticeSeen",
  tags: ["Moderation"],
  summary: "Mark a decision seen",
  description: "The site stops pointing it out. Marking it again changes nothing.",
  middleware: [requireUser("Sign in to see decisions about what you posted")] as const,
  request: { params: idParam("notice", NO_NOTICE) },
  responses: {
    204: { description: "Seen" },
    ...errorResponses({ 404: "You have no such notice" }),
  },
});

const noticeLookupRoute = apiRoute({
  method: "post",
  path: "/moderation/notices/lookup",
  operationId: "readModerationNoticeByToken",
  tags: ["Moderation"],
  summary: "A decision, by its e-mail's appeal link",
  description:
    "For an author who cannot sign in (a suspended one): the token from the decision e-mail's link answers that one decision, and marks it seen. A link stops working when a newer e-mail about the decision is sent.",
  middleware: [rateLimit<AppEnv>("appeal", () => null)] as const,
  request: { body: { content: { "application/json": { schema: NoticeLookupSchema } }, required: true } },
  responses: {
    200: { description: "The decision", content: { "application/json": { schema: NoticeSchema } } },
    ...errorResponses({ 400: "Invalid fields, each named in issues", 404: LINK_GONE }),
  },
});

const appealRoute = apiRoute({
  method: "post",
  path: "/moderation/appeals",
  operationId: "fileAppeal",
  tags: ["Moderation"],
  summary: "Appeal a decision about what you posted",
  description: `The item's author, signed in or with the token of the decision e-mail's link (a suspended author cannot sign in), asks the moderators to reverse a decision: it goes back into their queue with \`note\`. Once per decision, within ${APPEAL_DAYS} days; a dismissal (the item stayed up) and the answer to an appeal are not appealed. The answer comes as another decision, told in the site and by e-mail.`,
  middleware: [optionalUser(), rateLimit<AppEnv>("appeal", () => null)] as const,
  request: { body: { content: { "application/json": { schema: AppealInputSchema } }, required: true } },
  responses: {
    201: {
      description: "The appeal, in the queue",
      content: { "application/json": { schema: AppealSchema } },
    },
    ...errorResponses({
      400: "Invalid fields, each named in issues",
      401: "Neither signed in nor a token",
      404: "No such decision about something you posted, or a link that no longer works",
      409: "Appealed already",
      422: `Not a decision that may be appealed, or more than ${APPEAL_DAYS} days old`,
    }),
  },
});

export const noticesRouter = createRouter()
  .openapi(noticesRoute, async (c) => {
    const views = await listNotices(c.var.db, c.var.user.id, { limit: 50 });
    return c.json(views.map(toNotice), 200);
  })
  .openapi(noticeSeenRoute, async (c) => {
    await markNoticeSeen(c.var.db, c.var.user.id, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(noticeLookupRoute, async (c) => {
    return c.json(toNotice(await noticeByToken(c.var.db, c.req.valid("json").token)), 200);
  })
  .openapi(appealRoute, async (c) => {
    const appeal = await appealDecision(c.var.db, {
      ...c.req.valid("json"),
      signedIn: () => getSessionUser(c),
    });
    return c.json(toAppeal(appeal), 201);
  });
