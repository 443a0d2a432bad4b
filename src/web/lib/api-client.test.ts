import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "#web/test/render.tsx";
import { ApiClientError, apiClient } from "./api-client.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiClient", () => {
  it("lists a page and reads the total from X-Total-Count, skipping empty parameters", async () => {
    const fetchMock = vi.fn(async () => jsonResponse([{ id: 1 }], { headers: { "X-Total-Count": "42" } }));
    vi.stubGlobal("fetch", fetchMock);
    const result = await apiClient.list("/gardeners", {
      params: { status: "active", limit: 6, offset: undefined, q: "" },
    });
    expect(result).toEqual({ items: [{ id: 1 }], total: 42, exact: true });
    expect(fetchMock).toHaveBeenCalledWith("/api/gardeners?status=active&limit=6", expect.anything());
  });

  it("says when the total is a lower bound (X-Total-Count-Exact: false)", async () => {
    vi.stubGlobal("fetch", async () =>
      jsonResponse([], { headers: { "X-Total-Count": "10000", "X-Total-Count-Exact": "false" } }),
    );
    expect(await apiClient.list("/tips", { params: { q: "compost" } })).toEqual({
      items: [],
      total: 10000,
      exact: false,
    });
  });

  it("passes a 4xx message through to the user", async () => {
    vi.stubGlobal("fetch", async () =>
      jsonResponse(
        { message: "limit must be at most 100", issues: [{ path: "limit", message: "too big" }] },
        { status: 400 },
      ),
    );
    const error = await apiClient.get("/gardeners").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 400, message: "limit must be at most 100", isServerError: false });
  });

  it("hides 5xx details behind a generic message", async () => {
    vi.stubGlobal("fetch", async () =>
      jsonResponse({ message: "relation tips does not exist" }, { status: 500 }),
    );
    const error = await apiClient.get("/gardeners").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, isServerError: true });
    expect((error as Error).message).toBe("Something went wrong on our side. Please try again in a moment.");
  });

  it("reports an unreachable server", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    const error = await apiClient.get("/gardeners").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, isServerError: true });
    expect((error as Error).message).toMatch(/could not reach the server/);
  });
});
