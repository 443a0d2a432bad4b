import type { z } from "zod";
import type { App } from "../app.ts";
import { checkAgainstDocument } from "./openapi-validator.ts";

/** What a test may add to a request: headers. */
export interface RequestOptions {
  headers?: Record<string, string>;
}
/**
 * A request whose answer the test reads: `schema` is the shared zod schema of the body (`TipSchema`,
 * `ApiErrorSchema`, ...). The body is parsed with it and typed by it; a body it refuses fails the test
 * with the answer in the message. Without a schema the body is `unknown`.
 */
export interface ParsedRequestOptions<Schema extends z.ZodType> extends RequestOptions {
  schema: Schema;
}

type AnyRequestOptions = RequestOptions & { schema?: z.ZodType };

export interface TestResponse<Body> {
  status: number;
  headers: Headers;
  /** The JSON body (null when there is none or it is not JSON), parsed with the request's schema. */
  body: Body;
  text: string;
}

/** Reads a JSON body, checks the response against /api/openapi.json, and parses it with `schema`. */
export async function readResponse(
  app: App,
  method: string,
  path: string,
  response: Response,
  schema: z.ZodType | undefined,
): Promise<TestResponse<unknown>> {
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  await checkAgainstDocument(app, method, path, {
    status: response.status,
    contentType: response.headers.get("content-type"),
    body: json,
    text,
  });
  if (!schema) return { status: response.status, headers: response.headers, body: json, text };
  const result = schema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`)
      .join("; ");
    throw new Error(
      `${method} ${path} answered ${response.status} with a body the test's schema refuses (${problems}):\n${text.slice(0, 500)}`,
    );
  }
  return { status: response.status, headers: response.headers, body: result.data, text };
}

let addresses = 0;
/**
 * A client address no other client of this process has, from the range kept for documentation
 * (2001:db8::/32): each test client is a person of their own, as real visitors are, so per-address limits
 * and brakes meet one person's requests unless a test gives several clients one `address`.
 */
export function newClientAddress(): string {
  addresses += 1;
  return `2001:db8:${process.pid.toString(16)}::${addresses.toString(16)}`;
}

let ipv4Addresses = 0;
/** An IPv4 client address no other test of this process has (198.18.0.0/15, kept for testing networks). */
export function newIPv4Address(): string {
  ipv4Addresses += 1;
  return `198.18.${Math.floor(ipv4Addresses / 250)}.${(ipv4Addresses % 250) + 1}`;
}

/**
 * Talks to the app like a browser on its own origin would: keeps the cookies the server sets and sends
 * JSON with an Origin header, from a connection of its own `address` (a new one unless given).
 */
export function createClient(
  app: App,
  { origin = "http://localhost", address = newClientAddress() }: { origin?: string; address?: string } = {},
) {
  const cookies = new Map<string, string>();
  // What @hono/node-server's getConnInfo reads of the connection a request came on.
  const connection = {
    server: { incoming: { socket: { remoteAddress: address, remotePort: 443, remoteFamily: "IPv6" } } },
  };

  function remember(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      if (!name) continue;
      const value = rest.join("=");
      if (value === "" || /max-age=0/i.test(header)) cookies.delete(name.trim());
      else cookies.set(name.trim(), value);
    }
  }

  async function request(
    method: string,
    path: string,
    body: unknown,
    { headers = {}, schema }: AnyRequestOptions,
  ) {
    const response = await app.request(
      `${origin}${path}`,
      {
        method,
        headers: {
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(method === "GET" ? {} : { Origin: origin }),
          ...(cookies.size > 0 ? { Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      connection,
    );
    remember(response);
    return readResponse(app, method, path, response, schema);
  }

  function get<Schema extends z.ZodType>(
    path: string,
    options: ParsedRequestOptions<Schema>,
  ): Promise<TestResponse<z.output<Schema>>>;
  function get(path: string, options?: RequestOptions): Promise<TestResponse<unknown>>;
  function get(path: string, options: AnyRequestOptions = {}) {
    return request("GET", path, undefined, options);
  }

  function post<Schema extends z.ZodType>(
    path: string,
    body: unknown,
    options: ParsedRequestOptions<Schema>,
  ): Promise<TestResponse<z.output<Schema>>>;
  function post(path: string, body?: unknown, options?: RequestOptions): Promise<TestResponse<unknown>>;
  function post(path: string, body?: unknown, options: AnyRequestOptions = {}) {
    return request("POST", path, body ?? {}, options);
  }

  function put<Schema extends z.ZodType>(
    path: string,
    body: unknown,
    options: ParsedRequestOptions<Schema>,
  ): Promise<TestResponse<z.output<Schema>>>;
  function put(path: string, body?: unknown, options?: RequestOptions): Promise<TestResponse<unknown>>;
  function put(path: string, body?: unknown, options: AnyRequestOptions = {}) {
    return request("PUT", path, body ?? {}, options);
  }

  function patch<Schema extends z.ZodType>(
    path: string,
    body: unknown,
    options: ParsedRequestOptions<Schema>,
  ): Promise<TestResponse<z.output<Schema>>>;
  function patch(path: string, body?: unknown, options?: RequestOptions): Promise<TestResponse<unknown>>;
  function patch(path: string, body?: unknown, options: AnyRequestOptions = {}) {
    return request("PATCH", path, body ?? {}, options);
  }

  function del<Schema extends z.ZodType>(
    path: string,
    options: ParsedRequestOptions<Schema>,
  ): Promise<TestResponse<z.output<Schema>>>;
  function del(path: string, options?: RequestOptions): Promise<TestResponse<unknown>>;
  function del(path: string, options: AnyRequestOptions = {}) {
    return request("DELETE", path, undefined, options);
  }

  /** POSTs a multipart/form-data body, as a browser sends a chosen file (with its Content-Length). */
  function postForm<Schema extends z.ZodType>(
    path: string,
    form: FormData,
    options: ParsedRequestOptions<Schema>,
  ): Promise<TestResponse<z.output<Schema>>>;
  function postForm(path: string, form: FormData, options?: RequestOptions): Promise<TestResponse<unknown>>;
  async function postForm(path: string, form: FormData, { headers = {}, schema }: AnyRequestOptions = {}) {
    // Encoded first, so the body's length is declared as a browser declares it.
    const envelope = new Response(form);
    const body = new Uint8Array(await envelope.arrayBuffer());
    const response = await app.request(
      `${origin}${path}`,
      {
        method: "POST",
        headers: {
          Origin: origin,
          "Content-Type": envelope.headers.get("Content-Type") ?? "",
          "Content-Length": String(body.length),
          ...(cookies.size > 0 ? { Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
          ...headers,
        },
        body,
      },
      connection,
    );
    remember(response);
    return readResponse(app, "POST", path, response, schema);
  }

  return { cookies, get, post, put, patch, delete: del, postForm };
}

export type TestClient = ReturnType<typeof createClient>;

/** Signs in with e-mail and password from a browser of its own, as a member on another device does. */
export function signInElsewhere(app: App, email: string, password: string) {
  return createClient(app).post("/api/auth/sign-in/email", { email, password });
}

let counter = 0;
/** A unique, valid sign-up body. */
export function newAccount(
  overrides: Partial<{ name: string; email: string; password: string; image: string }> = {},
) {
  counter += 1;
  return {
    name: `Gardener ${counter}`,
    email: `gardener${counter}.${Date.now()}@example.com`,
    password: "Sunflower7",
    image: "https://images.example.com/avatar.png",
    ...overrides,
  };
}

/** A public tip as the share form sends it, with `title`; any field can be given instead. */
export function newTip(title: string, overrides: Record<string, unknown> = {}) {
  return {
    title,
    plantType: "Chard",
    difficulty: "Easy",
    description: "Cut the outer stalks first.",
    category: "Vegetables",
    availability: "Public",
    ...overrides,
  };
}
