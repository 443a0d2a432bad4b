import type { MiddlewareHandler } from "hono";
import type { ApiError } from "#shared/schemas/common.ts";
import type { AppEnv } from "../app-env.ts";
import { declaring, needsOf } from "./route-needs.ts";

/** How deeply a JSON body may nest. Our own bodies are flat; 32 leaves room for any client's. */
const MAX_JSON_DEPTH = 32;

/**
 * Whether `text` nests arrays and objects deeper than `max`, found by one scan of the raw text (brackets
 * outside strings), so a million-deep body is refused in about the time it takes to read, before
 * JSON.parse builds anything.
 */
function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      depth++;
      if (depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

/** Whether any string (key or value) in a parsed JSON value holds a NUL character. */
function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object")
    return Object.entries(value).some(([key, item]) => key.includes("\u0000") || containsNul(item));
  return false;
}

type JsonBodyResult =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; status: 400 | 415; message: string };

/**
 * Reads a request body that must be a JSON object: an empty body is `{}`, anything but JSON is 415, and
 * malformed JSON, a bare value, a body nested too deep or a NUL in a string is 400, with a message.
 */
function parseJsonObject(text: string, contentType: string | undefined): JsonBodyResult {
  if (text.trim() === "") return { ok: true, value: {} };
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(contentType ?? ""))
    return {
      ok: false,
      status: 415,
      message: "Send the request body as JSON (Content-Type: application/json)",
    };
  if (jsonDepthExceeds(text))
    return { ok: false, status: 400, message: `Request body nests deeper than ${MAX_JSON_DEPTH} levels` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, message: "Request body is not valid JSON" };
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    return { ok: false, status: 400, message: "Request body must be a JSON object" };
  if (containsNul(value))
    return { ok: false, status: 400, message: "Request body must not contain NUL characters" };
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * The one JSON gate of the API: a POST, PUT or PATCH body is read once (its size already bounded by the
 * body limit) and must be a JSON object: 415 for another content type, 400 for malformed JSON, a bare
 * value, a NUL or nesting past MAX_JSON_DEPTH. An empty body is {}. The parsed object is `c.var.jsonBody`,
 * which the accounts limits count on and better-auth receives. A route declared with `multipartBody()`
 * reads a body of another kind itself.
 */
export function jsonObjectBodies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!["POST", "PUT", "PATCH"].includes(c.req.method) || needsOf(c).rawBody) return next();
    const result = parseJsonObject(await c.req.text(), c.req.header("Content-Type"));
    if (!result.ok) return c.json<ApiError>({ message: result.message }, result.status);
    c.set("jsonBody", result.value);
    await next();
  };
}

/** Route middleware: the route's body is multipart form data, which it reads itself (not a JSON object). */
export const multipartBody = () => declaring({ rawBody: true });
