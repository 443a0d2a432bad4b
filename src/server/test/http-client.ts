import type { App } from "../app.ts";
import { checkAgainstDocument } from "./openapi-validator.ts";

/**
 * Talks to the app like a browser on its own origin would: keeps the cookies the server sets and sends
 * JSON with an Origin header.
 */
export function createClient(app: App, { origin = "http://localhost" }: { origin?: string } = {}) {
  const cookies = new Map<string, string>();

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

  async function request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await app.request(`${origin}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(method === "GET" ? {} : { Origin: origin }),
        ...(cookies.size > 0 ? { Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    remember(response);
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
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the endpoint answers
    return { status: response.status, headers: response.headers, body: json as any, text };
  }

  return {
    cookies,
    get: (path: string, headers?: Record<string, string>) => request("GET", path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      request("POST", path, body ?? {}, headers),
    put: (path: string, body?: unknown, headers?: Record<string, string>) =>
      request("PUT", path, body ?? {}, headers),
    delete: (path: string, headers?: Record<string, string>) => request("DELETE", path, undefined, headers),
  };
}

export type TestClient = ReturnType<typeof createClient>;

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
