import { act } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "#web/test/render.tsx";
import { type ListPage, useListPage } from "./use-list-page.ts";

/** The hook's value at the last drawing of the page under test. */
const latest: { current: ListPage | null } = { current: null };
function Probe() {
  latest.current = useListPage();
  return null;
}

/** Renders a list page at `route` and hands back the hook's latest value and the router. */
function listAt(route: string) {
  latest.current = null;
  const { router } = renderRoutes([{ path: "/list", element: <Probe /> }], { route });
  const list = () => {
    if (!latest.current) throw new Error("not rendered");
    return latest.current;
  };
  return { list, router, search: () => new URLSearchParams(router.state.location.search) };
}

describe("useListPage", () => {
  it("keeps a change made just before another one before the page draws again", () => {
    // A search typed a moment before the sort was changed lands after it (its pause ends later): the
    // search must not bring the old order back.
    const { list, search } = listAt("/list?q=zinnia");
    const { setSort, setQuery } = list();
    act(() => {
      setSort("title");
      setQuery("aster");
    });
    expect(search().get("q")).toBe("aster");
    expect(search().get("sort")).toBe("title");
    expect(list().sort).toBe("title");
    expect(list().q).toBe("aster");
  });

  it("starts a new search, level or order at page 1 and leaves defaults out of the URL", () => {
    const { list, search } = listAt("/list?page=3&sort=likes");
    act(() => list().setLevel("Easy"));
    expect(search().toString()).toBe("sort=likes&level=Easy");
    act(() => list().setSort("newest"));
    expect(search().toString()).toBe("level=Easy");
    act(() => list().setPage(2));
    expect(search().get("page")).toBe("2");
    act(() => list().clearFilters());
    expect(search().toString()).toBe("");
  });

  it("follows Back to the previous position, and a change after it builds on what Back restored", async () => {
    const { list, router, search } = listAt("/list");
    act(() => list().setSort("title"));
    act(() => list().setQuery("rose"));
    expect(search().toString()).toBe("sort=title&q=rose");
    await act(() => router.navigate(-1));
    expect(list().q).toBe("");
    act(() => list().setLevel("Hard"));
    expect(search().toString()).toBe("sort=title&level=Hard");
  });
});
