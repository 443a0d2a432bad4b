import type { Context } from "hono";
import { z } from "zod";
import { type Unsubscribe, UnsubscribeSchema } from "#shared/schemas/notification.ts";
import type { AppEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { errorResponses, jsonAnswer, onePath } from "../../lib/requests/openapi.ts";
import { rateLimit } from "../../lib/security/rate-limit.ts";
import { isSubscribed, MAIL_STREAMS, readUnsubscribeToken, unsubscribe } from "./unsubscribe.ts";

const TokenParams = z.object({
  token: z
    .string()
    .max(200, "token is too long")
    .meta({ description: "The token of the link in the e-mail (its List-Unsubscribe header's too)" }),
});
const answer = jsonAnswer("The e-mails the link names, and whether you still get them", UnsubscribeSchema);
const limited = rateLimit<AppEnv>("unsubscribe", () => null);

/** A route of the unsubscribe links: no session, a limit per address, the same answer. */
const linkRoute = onePath({
  path: "/unsubscribe/{token}",
  tags: ["Notifications"],
  middleware: [limited] as const,
  request: { params: TokenParams },
  responses: { 200: answer, ...errorResponses({ 404: "Not a link this site sent" }) },
});

const readRoute = linkRoute(
  "get",
  "readUnsubscribeLink",
  "What an unsubscribe link names",
  "Changes nothing (mail scanners open links): the page at /unsubscribe/{token} reads this and asks the member to confirm. No session needed.",
);

const unsubscribeRoute = linkRoute(
  "post",
  "unsubscribe",
  "Leave one kind of e-mail",
  "Turns off the e-mails the link names, for the member it was sent to, without a session or cookie; again answers the same. Mail clients send this as the one-click unsubscribe of RFC 8058 to POST /unsubscribe/{token} (the List-Unsubscribe header's link), which answers the same.",
);

/** The answer about a link: its stream, in words, and whether it is still on. */
async function linkState(
  c: Context<AppEnv>,
  secret: string,
  token: string,
  leave: boolean,
): Promise<Unsubscribe> {
  const { db } = c.var;
  const { userId, stream } = readUnsubscribeToken(secret, token);
  if (leave) await unsubscribe(db, userId, stream);
  return {
    stream,
    about: MAIL_STREAMS[stream].words,
    subscribed: leave ? false : await isSubscribed(db, userId, stream),
  };
}

/**
 * Unsubscribe links (ADR 081), signed with the site's `secret`: read without changing anything, and
 * followed with a POST.
 */
export function createUnsubscribeRouter(secret: string) {
  return createRouter()
    .openapi(readRoute, async (c) =>
      c.json(await linkState(c, secret, c.req.valid("param").token, false), 200),
    )
    .openapi(unsubscribeRoute, async (c) =>
      c.json(await linkState(c, secret, c.req.valid("param").token, true), 200),
    );
}

/**
 * The one-click unsubscribe of RFC 8058: a mail client POSTs to the link in the e-mail itself
 * (`/unsubscribe/{token}`, the page's address), with a form body and no cookie. It answers as the API does.
 */
export function oneClickUnsubscribe(secret: string) {
  return [
    limited,
    async (c: Context<AppEnv>) => c.json(await linkState(c, secret, c.req.param("token") ?? "", true), 200),
  ] as const;
}
