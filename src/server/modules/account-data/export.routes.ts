import { Readable } from "node:stream";
import type { RouteConfig } from "@hono/zod-openapi";
import { z } from "zod";
import { DataExportStatusSchema, DataRequestSchema } from "#shared/schemas/account-data.ts";
import type { SignedInEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { idParam } from "../../lib/requests/ids.ts";
import { apiRoute, errorResponses, jsonAnswer } from "../../lib/requests/openapi.ts";
import { limitRefusal } from "../../lib/security/rate-limit.ts";
import { getSessionUser, optionalUser, requireRole, requireUser } from "../../lib/security/session.ts";
import { listDataRequests } from "./data-requests.ts";
import { ExportTooSoon, exportStatus, requestExport } from "./export.service.ts";
import { EXPORT_GONE, exportToDownload, NO_EXPORT } from "./export-link.ts";
import type { ExportRunner } from "./export-runner.ts";

/** What the routes answer in words. */
const SAYS = {
  signIn: "Sign in to download your data",
  onceADay: "You asked for a copy of your data less than a day ago (one a day)",
};
const statusAnswer = jsonAnswer("Your latest copy and when you may ask for another", DataExportStatusSchema);

/** A route on the member's own exports: signed in, under "Your data". */
const ownExports = <Responses extends RouteConfig["responses"]>(
  method: "get" | "post",
  words: { operationId: string; summary: string; description: string },
  responses: Responses,
) =>
  apiRoute({
    method,
    path: "/account/export",
    tags: ["Your data"],
    ...words,
    middleware: [requireUser("Sign in to see or ask for a copy of your data")] as const,
    responses,
  });

const getExportRoute = ownExports(
  "get",
  {
    operationId: "getDataExport",
    summary: "Your latest copy of your data",
    description:
      "Where the copy you last asked for is (waiting, building with its progress, ready with its download link for 48 hours, expired or failed), and when you may ask for another.",
  },
  { 200: statusAnswer },
);

const requestExportRoute = ownExports(
  "post",
  {
    operationId: "requestDataExport",
    summary: "Ask for a copy of your data",
    description:
      "Builds one zip of everything you gave the site in the background: profile, tips, comments, likes, follows, followers, blocks, bookmarks, settings, reports, moderation notices, sessions, your photos, a README.html to read it offline and the JSON Schema of its files. When it is ready you get a notification and an e-mail with a link that works for you, signed in, for 48 hours. One a day.",
  },
  {
    202: jsonAnswer("Asked: it is being built", DataExportStatusSchema),
    ...errorResponses({ 429: `${SAYS.onceADay}; Retry-After says when the next can be asked` }),
  },
);

const downloadRoute = apiRoute({
  method: "get",
  path: "/account/export/{id}/download",
  operationId: "downloadDataExport",
  tags: ["Your data"],
  summary: "Download a copy of your data",
  description:
    "The link from the e-mail or your profile: it works only for you, signed in, until it ends 48 hours after the copy was ready. A browser that is not signed in is sent to sign in first, then to your profile.",
  middleware: [optionalUser()] as const,
  request: {
    params: idParam("export", NO_EXPORT),
    // A link without its parts names no download: 404 in the handler, as for an id that is none.
    query: z.object({
      expires: z.string().max(20).optional().meta({ description: "When the link ends, from the link" }),
      signature: z.string().max(100).optional().meta({ description: "The link's signature, from the link" }),
    }),
  },
  responses: {
    200: {
      description: "The zip",
      content: { "application/zip": { schema: z.string().meta({ format: "binary" }) } },
    },
    303: {
      description: "A browser not signed in: to the sign-in page, then back to your profile",
      headers: { Location: { schema: { type: "string" }, description: "The sign-in page" } },
    },
    ...errorResponses({ 401: SAYS.signIn, 404: NO_EXPORT, 410: EXPORT_GONE }),
  },
});

const dataRequestsRoute = apiRoute({
  method: "get",
  path: "/moderation/data-requests",
  operationId: "listDataRequests",
  tags: ["Moderation"],
  summary: "Members' requests about their data",
  description:
    "Administrators only: the copies of their data members asked for, under way or waiting to be downloaded, and the past week's others, newest first (at most 200). Who and when, never what a copy holds nor its link.",
  middleware: [requireRole("administrator", "Sign in to see members' data requests")] as const,
  responses: { 200: jsonAnswer("The requests, newest first", z.array(DataRequestSchema)) },
});

export function createAccountDataRouter(runner: ExportRunner) {
  const { deps } = runner;
  return createRouter()
    .openapi(getExportRoute, async (c) => c.json(await exportStatus(deps, c.var.user.id), 200))
    .openapi(dataRequestsRoute, async (c) => c.json(await listDataRequests(deps.db), 200))
    .openapi(requestExportRoute, async (c) => {
      try {
        const status = await requestExport(deps, (c.var as SignedInEnv["Variables"]).user.id);
        runner.kick();
        return c.json(status, 202);
      } catch (error) {
        if (!(error instanceof ExportTooSoon)) throw error;
        const seconds = Math.max(1, Math.ceil((error.next.getTime() - Date.now()) / 1000));
        return limitRefusal(c, seconds, SAYS.onceADay) as never;
      }
    })
    .openapi(downloadRoute, async (c) => {
      const user = await getSessionUser(c);
      if (!user) {
        // Followed from the e-mail in a browser signed out: sign in, then the profile has the download.
        if (c.req.header("sec-fetch-mode") === "navigate")
          return c.redirect(`/auth/login?returnTo=${encodeURIComponent("/profile#your-data")}`, 303);
        return c.json({ message: SAYS.signIn }, 401);
      }
      const { expires, signature } = c.req.valid("query");
      if (!expires || !/^\d+$/.test(expires) || !signature) throw new HttpError(404, NO_EXPORT);
      const row = await exportToDownload(deps.db, deps.secret, {
        id: c.req.valid("param").id,
        userId: user.id,
        expires: Number(expires),
        signature,
      });
      const archive = await deps.archives.read(row.fileName);
      if (!archive) return c.json({ message: EXPORT_GONE }, 410);
      const day = row.requestedAt.toISOString().slice(0, 10);
      return new Response(Readable.toWeb(archive.body) as ReadableStream, {
        status: 200,
        headers: {
          "Content-Type": "application/zip",
          "Content-Length": String(archive.size),
          "Content-Disposition": `attachment; filename="garden-community-data-${day}.zip"`,
          "Cache-Control": "private, no-store",
        },
      }) as never;
    });
}
