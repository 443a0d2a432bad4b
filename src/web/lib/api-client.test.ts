import { describe, expect, it } from "vitest";
import { HttpResponse, http, server } from "#web/test/msw.ts";
import { ApiClientError, apiClient } from "./api-client.ts";

describe("apiClient", () => {
  it("lists a page and reads the total from X-Total-Count, skipping empty parameters", async () => {
    const requested: string[] = [];
    server.use(
      http.get("*/api/gardeners", ({ request }) => {
        const url = new URL(request.url);
        requested.push(url.pathname + url.search);
        return HttpResponse.json([{ id: 1 }], { headers: { "X-Total-Count": "42" } });
      }),
    );
    const result = await apiClient.list("/gardeners", {
      params: { status: "active", limit: 6, offset: undefined, q: "" },
    });
    expect(result).toEqual({ items: [{ id: 1 }], total: 42, exact: true, nextCursor: null });
    expect(requested).toContain("/api/gardeners?status=active&limit=6");
  });

  it("says when the total is a lower bound (X-Total-Count-Exact: false)", async () => {
    server.use(
      http.get("*/api/tips", () =>
        HttpResponse.json([], {
          headers: { "X-Total-Count": "10000", "X-Total-Count-Exact": "false", "X-Next-Cursor": "abc" },
        }),
      ),
    );
    expect(await apiClient.list("/tips", { params: { q: "compost" } })).toEqual({
      items: [],
      total: 10000,
      exact: false,
      nextCursor: "abc",
    });
  });

  it("passes a 4xx message through to the user", async () => {
    server.use(
      http.get("*/api/gardeners", () =>
        HttpResponse.json(
          { message: "limit must be at most 100", issues: [{ path: "limit", message: "too big" }] },
          { status: 400 },
        ),
      ),
    );
    const error = await apiClient.get("/gardeners").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 400, message: "limit must be at most 100", isServerError: false });
  });

  it("keeps a limit's rule (429) and says when to try again in plain words, not in seconds", async () => {
    server.use(
      http.post("*/api/tips/:id/comments", () =>
        HttpResponse.json(
          { message: "Too many comments (at most 1 per account in 1 minute). Try again in 59 seconds." },
          { status: 429, headers: { "Retry-After": "59" } },
        ),
      ),
    );
    const error = await apiClient.send("POST", "/tips/t1/comments", { body: "Hi" }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 429,
      retryAfter: 59,
      message: "Too many comments (at most 1 per account in 1 minute). Try again in about a minute.",
    });
    server.use(
      http.post("*/api/reports", () =>
        HttpResponse.json(
          { message: "Too many reports (at most 20 per account in 1 hour). Try again in 300 seconds." },
          { status: 429, headers: { "Retry-After": "300" } },
        ),
      ),
    );
    expect(await apiClient.send("POST", "/reports", {}).catch((e: unknown) => e)).toMatchObject({
      message: "Too many reports (at most 20 per account in 1 hour). Try again in 5 minutes.",
    });
  });

  it("hides 5xx details behind a generic message", async () => {
    server.use(
      http.get("*/api/gardeners", () =>
        HttpResponse.json({ message: "relation tips does not exist" }, { status: 500 }),
      ),
    );
    const error = await apiClient.get("/gardeners").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, isServerError: true });
    expect((error as Error).message).toBe("Something went wrong on our side. Please try again in a moment.");
  });

  it("passes a busy server's own words and wait through (503 with Retry-After), not a 503 without", async () => {
    const busy = "The server is busy with other photos. Try again in 5 seconds.";
    server.use(
      http.get("*/api/gardeners", () =>
        HttpResponse.json({ message: busy }, { status: 503, headers: { "Retry-After": "5" } }),
      ),
    );
    expect(await apiClient.get("/gardeners").catch((e: unknown) => e)).toMatchObject({
      status: 503,
      message: busy,
      retryAfter: 5,
    });
    server.use(
      http.get("*/api/gardeners", () => HttpResponse.json({ message: "upstream down" }, { status: 503 })),
    );
    const error = await apiClient.get("/gardeners").catch((e: unknown) => e);
    expect((error as Error).message).toBe("Something went wrong on our side. Please try again in a moment.");
  });

  it("reports an unreachable server", async () => {
    // A network error: fetch rejects with a TypeError, as when the server cannot be reached.
    server.use(http.get("*/api/gardeners", () => HttpResponse.error()));
    const error = await apiClient.get("/gardeners").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, isServerError: true });
    expect((error as Error).message).toMatch(/could not reach the server/);
  });
});
