import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { Tip } from "#shared/schemas/tip.ts";
import { aTip, HttpResponse, http, listResponse, server } from "#web/test/msw.ts";
import { renderRoutes, stubWideScreen } from "#web/test/render.tsx";
import { AllTipsTable } from "./all-tips-table.tsx";

/** 23 public tips, two of them about tomatoes. */
const TIPS: Tip[] = Array.from({ length: 23 }, (_, i) =>
  aTip({ title: i < 2 ? `Tomato tip ${i + 1}` : `Tip ${String(i + 1).padStart(2, "0")}` }),
);

/** The count of all public tips (asked with no search) answers only when `release` is called. */
let release: () => void = () => {};
let held: Promise<void> = Promise.resolve();

beforeEach(() => {
  held = Promise.resolve();
  stubWideScreen();
  server.use(
    http.get("*/api/tips", async ({ request }) => {
      const url = new URL(request.url);
      const q = url.searchParams.get("q")?.toLowerCase();
      if (!q) await held;
      const matching = TIPS.filter((tip) => !q || tip.title.toLowerCase().includes(q));
      const limit = Number(url.searchParams.get("limit") ?? 20);
      return listResponse(matching.slice(0, limit), matching.length);
    }),
  );
});

const renderAllTips = (route: string) =>
  renderRoutes([{ path: "/dashboard/all-tips", element: <AllTipsTable /> }], { route });

describe("All Tips' count", () => {
  it("counts every public tip when nothing is searched", async () => {
    renderAllTips("/dashboard/all-tips");
    expect(await screen.findByText("Showing 23 of 23 tips")).toBeInTheDocument();
  });

  it("says how many match a search, and of how many only once that count has come", async () => {
    held = new Promise((resolve) => {
      release = resolve;
    });
    renderAllTips("/dashboard/all-tips?q=tomato");
    // Not "2 of 2": the matches are not all the tips.
    expect(await screen.findByText("Showing 2 tips")).toBeInTheDocument();
    release();
    expect(await screen.findByText("Showing 2 of 23 tips")).toBeInTheDocument();
  });

  it("marks a search's count that is a lower bound", async () => {
    server.use(
      http.get("*/api/tips", ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get("q"))
          return HttpResponse.json(TIPS.slice(0, 20), {
            headers: { "X-Total-Count": "1000", "X-Total-Count-Exact": "false" },
          });
        return listResponse(TIPS.slice(0, 1), 5000);
      }),
    );
    renderAllTips("/dashboard/all-tips?q=compost");
    expect(await screen.findByText("Showing 1,000+ of 5,000 tips")).toBeInTheDocument();
  });
});
