import type { OpenAPIHono } from "@hono/zod-openapi";
import {
  freshSessionMiddleware,
  requestOnlySessionMiddleware,
  sensitiveSessionMiddleware,
  sessionMiddleware,
} from "better-auth/api";
import type { AppEnv } from "../../lib/app-env.ts";
import { DEFAULT_BODY_LIMIT_MESSAGE } from "../../lib/requests/body-limit.ts";
import { isJsonObject, type Json, type JsonObject, objectAt, toJsonObject } from "../../lib/requests/json.ts";
import { limitDescription } from "../../lib/security/rate-limit.ts";
import {
  AUTH_LIMITS,
  type Auth,
  GOOGLE_ONLY_AUTH_PATHS,
  HIDDEN_AUTH_PATHS,
  OPTIONAL_SESSION_AUTH_PATHS,
} from "../accounts/index.ts";

/** better-auth answers 405 to POST /get-session unless deferSessionRefresh is on (it is not): GET only. */
const UNREACHABLE = new Set(["post /auth/get-session"]);

/** Names for the better-auth operations its plugin leaves without one (the rest are named after the path). */
const AUTH_OPERATION_IDS: Record<string, string> = {
  "get /auth/callback/{id}": "googleCallback",
  "post /auth/callback/{id}": "googleCallbackFormPost",
  "get /auth/ok": "authOk",
  "get /auth/error": "authErrorPage",
};

/**
 * better-auth operations that need a session: those behind one of its session middlewares, and the three
 * that look the session up in their handler and answer 401 without one (ours document their 401 through
 * `requireUser()`).
 */
const SESSION_MIDDLEWARES: ReadonlySet<unknown> = new Set([
  sessionMiddleware,
  sensitiveSessionMiddleware,
  freshSessionMiddleware,
  requestOnlySessionMiddleware,
]);
const SESSION_CHECKED_IN_HANDLER = new Set(["/account-info", "/get-access-token", "/refresh-token"]);

function authSessionRequired(auth: Auth): Set<string> {
  const required = new Set<string>();
  for (const endpoint of Object.values(auth.api) as { path?: string; options?: { use?: unknown[] } }[]) {
    if (typeof endpoint.path !== "string") continue;
    const behindSession = endpoint.options?.use?.some((middleware) => SESSION_MIDDLEWARES.has(middleware));
    if (behindSession || SESSION_CHECKED_IN_HANDLER.has(endpoint.path)) required.add(`/auth${endpoint.path}`);
  }
  return required;
}

/** Auth operations behind a limit, and which: the table auth.routes.ts puts `rateLimit()` in front of. */
const AUTH_LIMIT_OF = new Map(AUTH_LIMITS.map(({ path, policy }) => [`/auth${path}`, policy]));

/** Links a browser opens: they answer with a redirect. */
const REDIRECTS = new Set([
  "get /auth/callback/{id}",
  "post /auth/callback/{id}",
  "get /auth/verify-email",
  "get /auth/reset-password/{token}",
]);

const USER = { $ref: "#/components/schemas/User" };

/**
 * Where better-auth's own description of an answer differs from the answer it gives: each is provoked and
 * checked against this document in document-answers.test.ts.
 */
function describeAuthAnswersAsGiven(paths: JsonObject, schemas: JsonObject) {
  // An account may have no photo (a sign-up without one, a Google account without a picture): null.
  const userProperties = objectAt(objectAt(schemas, "User"), "properties");
  if (userProperties) userProperties.image = { type: ["string", "null"] };

  // Given a callbackURL, sign-in answers { redirect: true, url } beside the session.
  const signIn = objectAt(successSchemaOf(paths, "/auth/sign-in/email", "post"), "properties");
  if (signIn) {
    signIn.redirect = {
      type: "boolean",
      description: "true when the request gave a callbackURL, which `url` then repeats",
    };
    signIn.user = USER;
  }

  // A verification link opened by someone without that account's session answers `user: null`.
  const verified = objectAt(successSchemaOf(paths, "/auth/verify-email", "get"), "properties");
  if (verified) verified.user = { anyOf: [USER, { type: "null" }] };

  // In production better-auth sends the browser to the site's home page with ?error= instead of its page.
  const errorPage = objectAt(objectAt(objectAt(paths, "/auth/error"), "get"), "responses");
  if (errorPage)
    errorPage["302"] = {
      description: "In production: sends the browser to the home page, with ?error= and ?error_description=",
      headers: { Location: { description: "Where the browser goes next", schema: { type: "string" } } },
    };
}

function successSchemaOf(paths: JsonObject, path: string, method: string) {
  const ok = objectAt(objectAt(objectAt(objectAt(paths, path), method), "responses"), "200");
  return objectAt(objectAt(objectAt(ok, "content"), "application/json"), "schema");
}

const TAGS = [
  { name: "Tips", description: "Share, browse, search, edit and like gardening tips." },
  { name: "Gardeners", description: "The community's gardeners: Explore Gardeners and their pages." },
  { name: "Comments", description: "Comments on tips, one reply deep." },
  { name: "Dashboard", description: "Figures for the signed-in user's dashboard." },
  {
    name: "Moderation",
    description:
      "Reports, the moderation queue and its decisions, the decisions told to authors and their appeals, the team and its log. Members report and appeal; moderators and administrators decide and read the log; administrators appoint moderators; the monthly removals are public.",
  },
  { name: "Blocks", description: "Members a member blocked: no comments on their tips, none shown to them." },
  {
    name: "Follows",
    description: "Gardeners a member follows: their public tips make the Following list of Browse Tips.",
  },
  {
    name: "Bookmarks",
    description: "Tips a member saved for later, private to them, each with a note and a reminder.",
  },
  {
    name: "Notifications",
    description:
      "What the site tells a member: comments, replies, likes, followers, followed gardeners' tips, reminders.",
  },
  {
    name: "Garden calendar",
    description: "Crops and their sowing windows, counted from each gardener's own frost dates.",
  },
  { name: "Uploads", description: "Photos for tips and profiles, stored without their metadata." },
  {
    name: "Your data",
    description: "A copy of everything a member gave the site, built in the background, once a day.",
  },
  {
    name: "Accounts",
    description:
      "Sign-up, sign-in, sessions, e-mail verification, password reset and profile (better-auth, under /api/auth).",
  },
  { name: "System", description: "Health and public configuration." },
];

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;
const WRITES = new Set(["post", "put", "delete", "patch"]);
/** The methods whose body the JSON gate reads (lib/requests/json-body.ts), whether or not the operation takes one. */
const JSON_BODY_WRITES = new Set(["post", "put", "patch"]);
const readsJsonBody = (key: string) => JSON_BODY_WRITES.has(key.split(" ")[0] ?? "");

const error = (description: string): JsonObject => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** Standard answers every operation of a kind can give, from middleware that runs before its handler. */
const STANDARD: Record<string, (op: JsonObject, key: string) => JsonObject | null> = {
  400: (op, key) =>
    op.requestBody || (Array.isArray(op.parameters) && op.parameters.length > 0) || readsJsonBody(key)
      ? error(
          "Malformed request: invalid fields, query or path parameters, or a body that is not a JSON object",
        )
      : null,
  403: (_op, key) =>
    WRITES.has(key.split(" ")[0] ?? "")
      ? error("Refused: a cross-origin write, or someone else's resource")
      : null,
  413: (_op, key) =>
    WRITES.has(key.split(" ")[0] ?? "")
      ? error(`${DEFAULT_BODY_LIMIT_MESSAGE}, refused before it is read`)
      : null,
  415: (op, key) => (op.requestBody || readsJsonBody(key) ? error("The request body is not JSON") : null),
  429: (_op, key) => {
    const policy = AUTH_LIMIT_OF.get(key.slice(key.indexOf(" ") + 1));
    return policy
      ? {
          ...error(limitDescription(policy)),
          headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "string" } } },
        }
      : null;
  },
  500: () => error("Something went wrong on the server"),
};

const camel = (text: string) =>
  text
    .replace(/[{}]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0]?.toUpperCase() + word.slice(1)))
    .join("");

/**
 * The API's OpenAPI 3.1 document: our routes as @hono/zod-openapi describes them, and every accounts
 * route as better-auth's own OpenAPI plugin describes it, put under /auth. Then made to tell the truth
 * about what the middleware in app.ts adds: the session cookie each call needs or reads, and the answers
 * every call can give before its handler runs (400, 403, 413, 415, 429, 500).
 */
export async function buildOpenApiDocument(
  api: OpenAPIHono<AppEnv>,
  auth: Auth,
  { secureCookies }: { secureCookies: boolean },
): Promise<JsonObject> {
  const doc = toJsonObject(
    api.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "Gardening Community API",
        version: "1.0.0",
        description:
          "The API behind Gardening Community. Errors answer `{ message, issues? }`. Lists answer a JSON array, page with `limit`/`offset` or a cursor, and report the total in the X-Total-Count header. Writes from a browser must come from the site's own origin. A method a path does not have answers 405 with Allow.",
        license: { name: "MIT", url: "https://opensource.org/license/mit" },
      },
      servers: [{ url: "/api" }],
    }),
  );
  const authDoc = toJsonObject(await auth.api.generateOpenAPISchema());
  const google = auth.options.plugins.some((plugin) => plugin.id === "generic-oauth");
  const paths = objectAt(doc, "paths") ?? {};
  doc.paths = paths;
  for (const [path, operations] of Object.entries(objectAt(authDoc, "paths") ?? {})) {
    if (HIDDEN_AUTH_PATHS.has(path) || (!google && GOOGLE_ONLY_AUTH_PATHS.has(path))) continue;
    const item = { ...(isJsonObject(operations) ? operations : {}), ...objectAt(paths, `/auth${path}`) };
    for (const method of METHODS) if (UNREACHABLE.has(`${method} /auth${path}`)) delete item[method];
    paths[`/auth${path}`] = item;
  }
  const schemas = {
    ...objectAt(objectAt(authDoc, "components"), "schemas"),
    ...objectAt(objectAt(doc, "components"), "schemas"),
  };
  const cookie = `${secureCookies ? "__Secure-" : ""}better-auth.session_token`;
  doc.components = {
    ...objectAt(doc, "components"),
    schemas,
    securitySchemes: {
      session: {
        type: "apiKey",
        in: "cookie",
        name: cookie,
        description: `The session cookie sign-in and sign-up set (httpOnly, SameSite=Lax). It is named better-auth.session_token when BASE_URL is http, and __Secure-better-auth.session_token (Secure) when BASE_URL is https; this server's is ${cookie}.`,
      },
    },
  };
  delete doc.security;
  doc.tags = TAGS;

  // better-auth writes OpenAPI 3.0's `nullable`; 3.1 says the same with a "null" type.
  toOpenApi31(doc);
  for (const unused of ["Account", "Verification"]) delete schemas[unused];
  describeAuthAnswersAsGiven(paths, schemas);

  const sessionRequired = authSessionRequired(auth);
  const operationIds = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = objectAt(item, method);
      if (!op) continue;
      const key = `${method} ${path}`;
      const isAuth = path.startsWith("/auth/");
      if (isAuth) op.tags = ["Accounts"];
      op.tags ??= ["System"];

      const description = typeof op.description === "string" ? op.description : undefined;
      op.summary ??=
        description?.split(/(?<=\.)\s/)[0]?.replace(/\.$/, "") ?? `${method.toUpperCase()} ${path}`;
      let id =
        (typeof op.operationId === "string" ? op.operationId : undefined) ??
        (isAuth
          ? (AUTH_OPERATION_IDS[key] ?? camel(path.slice("/auth".length)))
          : camel(`${method} ${path}`));
      while (operationIds.has(id)) id = `${id}${camel(method)[0]?.toUpperCase()}${camel(method).slice(1)}`;
      operationIds.add(id);
      op.operationId = id;

      const responses = objectAt(op, "responses") ?? {};
      op.responses = responses;
      // Our routes that read a session when there is one say so (`optionalUser()`, as `security`); for
      // better-auth's, the accounts module's table does.
      const optional = isAuth
        ? OPTIONAL_SESSION_AUTH_PATHS.has(`${method} ${path.slice("/auth".length)}`)
        : Array.isArray(op.security);
      const required = !optional && (isAuth ? sessionRequired.has(path) : Boolean(responses["401"]));
      op.security = required ? [{ session: [] }] : optional ? [{}, { session: [] }] : [];
      if (required && !responses["401"]) responses["401"] = error("Not signed in");

      // better-auth describes its errors with inline schemas of its own; the body is the API's one error shape.
      // It also lists a 429 on everything: its own limiter is off, and STANDARD adds ours where it applies.
      if (isAuth) {
        delete responses["429"];
        for (const status of Object.keys(responses)) {
          if (Number(status) < 400) continue;
          const description = objectAt(responses, status)?.description;
          responses[status] = error(typeof description === "string" ? description : "Refused");
        }
      }

      for (const [status, make] of Object.entries(STANDARD)) {
        if (responses[status]) continue;
        const response = make(op, key);
        if (response) responses[status] = response;
      }
      if (REDIRECTS.has(key) && !responses["302"])
        responses["302"] = {
          description: "Redirects to the callback URL, with ?error= when the link or sign-in failed",
          headers: { Location: { description: "Where the browser goes next", schema: { type: "string" } } },
        };
    }
  }
  return doc;
}

function toOpenApi31(node: Json): void {
  if (Array.isArray(node)) {
    for (const item of node) toOpenApi31(item);
    return;
  }
  if (!isJsonObject(node)) return;
  if (node.nullable === true && typeof node.type === "string") node.type = [node.type, "null"];
  if (typeof node.nullable === "boolean") delete node.nullable;
  for (const value of Object.values(node)) toOpenApi31(value);
}
