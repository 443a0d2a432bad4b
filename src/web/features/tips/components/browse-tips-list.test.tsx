import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { Tip } from "#shared/schemas/tip.ts";
import { aTip, aUser, HttpResponse, http, listResponse, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes, stubWideScreen } from "#web/test/render.tsx";
import { BrowseTipsList } from "./browse-tips-list.tsx";

/** 23 public tips; the fake API pages, filters and searches them as the real one does. */
const TIPS: Tip[] = Array.from({ length: 23 }, (_, i) =>
  aTip({ title: `Tip ${String(i + 1).padStart(2, "0")}`, difficulty: i % 3 === 0 ? "Hard" : "Easy" }),
);
const requests: URL[] = [];

beforeEach(() => {
  requests.length = 0;
  // The table layout (md and up): jsdom has no matchMedia of its own.
  stubWideScreen();
  server.use(
    http.get("*/api/tips", ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const level = url.searchParams.get("difficulty");
      const q = url.searchParams.get("q")?.toLowerCase();
      // The member follows the authors of the Hard tips.
      const following = url.searchParams.get("following") === "true";
      const matching = TIPS.filter(
        (tip) =>
          (!level || tip.difficulty === level) &&
          (!q || tip.title.toLowerCase().includes(q)) &&
          (!following || tip.difficulty === "Hard"),
      );
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const limit = Number(url.searchParams.get("limit") ?? 20);
      return listResponse(matching.slice(offset, offset + limit), matching.length);
    }),
  );
});

const renderBrowse = (route: string) =>
  renderRoutes([{ path: "/browse-tips", element: <BrowseTipsList labelledBy="heading" /> }], { route });

const titles = () =>
  within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[1]?.textContent);

describe("Browse Tips paging", () => {
  it("shows ten public tips a page with the total, and pages forward into the URL", async () => {
    const { router } = renderBrowse("/browse-tips");
    expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByText("23 tips")).toBeInTheDocument();
    expect(titles()).toHaveLength(10);
    expect(titles()[0]).toBe("Tip 01");
    expect(requests.at(-1)?.searchParams.get("availability")).toBe("Public");

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    await waitFor(() => expect(titles()[0]).toBe("Tip 11"));
    expect(router.state.location.search).toBe("?page=2");
    expect(requests.at(-1)?.searchParams.get("offset")).toBe("10");

    // Back returns to the first page: each page is a history entry.
    await router.navigate(-1);
    await waitFor(() => expect(titles()[0]).toBe("Tip 01"));
  });

  it("goes to the last page, without a history entry, when the page asked for is past the end", async () => {
    const { router } = renderBrowse("/browse-tips?page=9");
    expect(await screen.findByText("Page 3 of 3")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?page=3");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(titles()).toEqual(["Tip 21", "Tip 22", "Tip 23"]);
  });

  it("starts again at page 1 when the level filter changes, and says what is filtered", async () => {
    const { router } = renderBrowse("/browse-tips?page=2");
    await screen.findByText("Page 2 of 3");
    // Every state the page passes through: the count never describes another list than the one shown.
    const mixed: string[] = [];
    const observer = new MutationObserver(() => {
      const text = document.body.textContent ?? "";
      if (text.includes("8 tips") && text.includes("of 3")) mixed.push(text);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    await userEvent.selectOptions(screen.getByLabelText("Filter by Level"), "Hard");
    expect(await screen.findByText("8 tips at Hard level")).toBeInTheDocument();
    observer.disconnect();
    expect(router.state.location.search).toBe("?level=Hard");
    expect(screen.queryByRole("navigation", { name: "Tip pages" })).not.toBeInTheDocument();
    expect(mixed).toEqual([]);
  });

  it("says so when nothing matches, and clears the search", async () => {
    renderBrowse("/browse-tips?q=zzz");
    expect(await screen.findByText("No public tips found.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Clear search and filter" }));
    expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
  });

  it("says a broad search's count is a lower bound, and lets the pages go on past it", async () => {
    server.use(
      http.get("*/api/tips", () =>
        HttpResponse.json(TIPS.slice(0, 10), {
          headers: { "X-Total-Count": "1000", "X-Total-Count-Exact": "false" },
        }),
      ),
    );
    renderBrowse("/browse-tips?q=compost&page=100");
    expect(await screen.findByText("1,000+ tips matching “compost”")).toBeInTheDocument();
    expect(screen.getByText("Page 100 of 100+")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();
  });

  it("shows a failed load with a message and a retry that works", async () => {
    let fail = true;
    server.use(
      http.get("*/api/tips", () =>
        fail ? HttpResponse.json({ message: "boom" }, { status: 500 }) : listResponse(TIPS.slice(0, 10), 23),
      ),
    );
    renderBrowse("/browse-tips");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("We could not load the tips");
    expect(alert).toHaveTextContent("Something went wrong on our side");
    fail = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
  });
});

describe("Browse Tips for a member who follows gardeners", () => {
  it("lists only the tips of gardeners they follow when asked, in the URL, and back to all", async () => {
    signInAs(aUser({ name: "Fan" }));
    const { router } = renderBrowse("/browse-tips");
    expect(await screen.findByText("23 tips")).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("checkbox", { name: "Only gardeners I follow" }));
    expect(await screen.findByText("8 tips from gardeners you follow")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?following=1");
    expect(requests.at(-1)?.searchParams.get("following")).toBe("true");
    await userEvent.click(screen.getByRole("checkbox", { name: "Only gardeners I follow" }));
    expect(await screen.findByText("23 tips")).toBeInTheDocument();
    expect(requests.at(-1)?.searchParams.has("following")).toBe(false);
  });

  it("offers a visitor no such choice, and lists every tip even with it in the address", async () => {
    renderBrowse("/browse-tips?following=1");
    expect(await screen.findByText("23 tips")).toBeInTheDocument();
    expect(screen.queryByRole("checkbox", { name: "Only gardeners I follow" })).not.toBeInTheDocument();
    expect(requests.every((url) => !url.searchParams.has("following"))).toBe(true);
  });
});
