import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { Tip } from "#shared/schemas/tip.ts";
import { aTip, HttpResponse, http, listResponse, server } from "#web/test/msw.ts";
import { renderRoutes, stubWideScreen } from "#web/test/render.tsx";
import { DashboardAllTipsList } from "./dashboard-all-tips-list.tsx";

/** 23 public tips, two of them about tomatoes. */
const TIPS: Tip[] = Array.from({ length: 23 }, (_, i) =>
  aTip({ title: i < 2 ? `Tomato tip ${i + 1}` : `Tip ${String(i + 1).padStart(2, "0")}` }),
);

beforeEach(() => {
  stubWideScreen();
  server.use(
    http.get("*/api/tips", ({ request }) => {
      const url = new URL(request.url);
      const q = url.searchParams.get("q")?.toLowerCase();
      const matching = TIPS.filter((tip) => !q || tip.title.toLowerCase().includes(q));
      const limit = Number(url.searchParams.get("limit") ?? 20);
      const offset = Number(url.searchParams.get("offset") ?? 0);
      return listResponse(matching.slice(offset, offset + limit), matching.length);
    }),
  );
});

const renderAllTips = (route: string) =>
  renderRoutes([{ path: "/dashboard/all-tips", element: <DashboardAllTipsList /> }], { route });

describe("All Tips' count: the rows shown, of all that match", () => {
  it("counts the page's rows against every public tip when nothing is searched", async () => {
    renderAllTips("/dashboard/all-tips");
    expect(await screen.findByText("Showing 20 of 23 tips")).toBeInTheDocument();
    expect(screen.getAllByRole("row")).toHaveLength(21);
  });

  it("counts the last page's rows", async () => {
    renderAllTips("/dashboard/all-tips?page=2");
    expect(await screen.findByText("Showing 3 of 23 tips")).toBeInTheDocument();
  });

  it("counts a search's matches", async () => {
    renderAllTips("/dashboard/all-tips?q=tomato");
    expect(await screen.findByText("Showing 2 of 2 tips")).toBeInTheDocument();
  });

  it("marks a search's count that is a lower bound", async () => {
    server.use(
      http.get("*/api/tips", () =>
        HttpResponse.json(TIPS.slice(0, 20), {
          headers: { "X-Total-Count": "1000", "X-Total-Count-Exact": "false" },
        }),
      ),
    );
    renderAllTips("/dashboard/all-tips?q=compost");
    expect(await screen.findByText("Showing 20 of 1,000+ tips")).toBeInTheDocument();
  });
});
