import { z } from "zod";
import { NEXT_CURSOR_HEADER } from "#shared/constants.ts";
import { ReportInputSchema, ReportListQuerySchema, ReportSchema } from "#shared/schemas/moderation.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { apiRoute, errorResponses } from "../../lib/requests/openapi.ts";
import { addressTag, clientIp } from "../../lib/security/client-ip.ts";
import { requirePoster, requireUser } from "../../lib/security/session.ts";
import { photoAt } from "../uploads/index.ts";
import { HIDE_AT, SPAM_REPORTERS_FOR_HOLD } from "./holds.ts";
import { toReport } from "./moderation-dto.ts";
import {
  fileReport,
  listMyReports,
  REPORTS_PER_ADDRESS_PER_DAY,
  REPORTS_PER_DAY,
  TooManyReports,
  VERIFY_FIRST,
} from "./reports.ts";

const reportRoute = apiRoute({
  method: "post",
  path: "/reports",
  operationId: "fileReport",
  tags: ["Moderation"],
  summary: "Report a tip, a comment, a gardener page or a photo",
  description: `Members whose e-mail is verified (422 before). \`targetId\` is a tip's or comment's _id, a gardener's handle, or an uploaded photo's URL or hash; an item the caller may not see is 404, their own is 422. One open report per member and item: reporting it again answers the open report with 200. At most ${REPORTS_PER_DAY} reports in any 24 hours per member and ${REPORTS_PER_ADDRESS_PER_DAY} per address (429, with Retry-After). An item whose open reports weigh ${HIDE_AT.weight} or more from ${HIDE_AT.reporters} or more members, or that a moderator reports, is hidden pending review at once: only an established member's report weighs (2; anyone else's 0, reaching the queue only), and reports from one address count once. Spam reports from ${SPAM_REPORTERS_FOR_HOLD} such members on anything an account younger than 30 days posted put that account on hold. The moderators decide; the outcome shows in GET /reports/mine.`,
  middleware: [requirePoster("Sign in to report")] as const,
  request: { body: { content: { "application/json": { schema: ReportInputSchema } }, required: true } },
  responses: {
    201: { description: "The report, filed", content: { "application/json": { schema: ReportSchema } } },
    200: {
      description: "Your open report of this item, already filed",
      content: { "application/json": { schema: ReportSchema } },
    },
    ...errorResponses({
      400: "Invalid fields, each named in issues",
      404: "No such item, or not one the caller may see",
      422: `${VERIFY_FIRST}; or the item is the caller's own`,
      429: `Too many reports (at most ${REPORTS_PER_DAY} in 24 hours per member, ${REPORTS_PER_ADDRESS_PER_DAY} per address)`,
    }),
  },
});

const myReportsRoute = apiRoute({
  method: "get",
  path: "/reports/mine",
  operationId: "listMyReports",
  tags: ["Moderation"],
  summary: "Your reports and what became of them",
  description:
    "Newest first, 50 a page: pass X-Next-Cursor back as `cursor` for the next. Each says whether it is still open and, once decided, the outcome: `removed` (we removed it) or `kept` (we reviewed it and left it up).",
  middleware: [requireUser("Sign in to see your reports")] as const,
  request: { query: ReportListQuerySchema },
  responses: {
    200: {
      description: "One page of your reports",
      headers: z.object({
        [NEXT_CURSOR_HEADER]: z.string().optional().meta({ description: "Where the next page starts" }),
      }),
      content: { "application/json": { schema: z.array(ReportSchema) } },
    },
    ...errorResponses({ 400: "Malformed query parameters" }),
  },
});

export const reportsRouter = createRouter()
  .openapi(reportRoute, async (c) => {
    const { user } = c.var;
    try {
      const input = c.req.valid("json");
      // A photo may be named by its address: the record it is the address of is what is reported.
      const photo =
        input.targetType === "photo" ? await photoAt(c.var.db, c.var.storage, input.targetId) : null;
      const { report, created } = await fileReport(c.var.db, {
        ...input,
        ...(photo ? { targetId: photo.hash } : {}),
        reporterId: user.id,
        reporterVerified: user.emailVerified,
        reporterRole: user.role,
        reporterAddress: addressTag(clientIp(c, c.var.limiter.options.trustProxy)),
      });
      return created
        ? c.json(toReport(report), 201)
        : c.json({ ...toReport(report), alreadyReported: true }, 200);
    } catch (error) {
      if (error instanceof TooManyReports) c.header("Retry-After", String(error.retryAfterSeconds));
      throw error;
    }
  })
  .openapi(myReportsRoute, async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const { rows, nextCursor } = await listMyReports(c.var.db, c.var.user.id, { limit, after: cursor });
    if (nextCursor) c.header(NEXT_CURSOR_HEADER, nextCursor);
    return c.json(rows.map(toReport), 200);
  });
