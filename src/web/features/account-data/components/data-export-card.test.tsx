import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { DataExport, DataExportStatus } from "#shared/schemas/account-data.ts";
import { aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { DataExportCard } from "./data-export-card.tsx";

const copy = (overrides: Partial<DataExport>): DataExport => ({
  _id: "0b5c9a4e-7d1f-4c1e-9a57-2f0a4c1e9a57",
  state: "waiting",
  requestedAt: "2026-12-07T08:00:00.000Z",
  progress: { done: 0, total: 0 },
  readyAt: null,
  expiresAt: null,
  size: null,
  downloadUrl: null,
  ...overrides,
});

/** The server's copies: each GET answers the next of `answers` (the last one again and again). */
function exportServer(answers: DataExportStatus[], onAsk?: () => Response) {
  let read = 0;
  let asked = 0;
  server.use(
    http.get("*/api/account/export", () => HttpResponse.json(answers[Math.min(read++, answers.length - 1)])),
    http.post("*/api/account/export", () => {
      asked += 1;
      return onAsk?.() ?? HttpResponse.json(answers[1] ?? answers[0], { status: 202 });
    }),
  );
  return { asked: () => asked };
}

const show = () => renderRoutes([{ path: "/profile", element: <DataExportCard /> }], { route: "/profile" });
const nextDay = "2026-12-08T08:00:00.000Z";

describe("Your data", () => {
  it("asks for a copy, shows it being prepared, then the download", async () => {
    signInAs(aUser());
    const ready = copy({
      state: "ready",
      progress: { done: 40, total: 40 },
      readyAt: "2026-12-07T08:01:00.000Z",
      expiresAt: "2026-12-09T08:01:00.000Z",
      size: 3_500_000,
      downloadUrl: "http://localhost/api/account/export/x/download?expires=1&signature=s",
    });
    const { asked } = exportServer([
      { latest: null, nextAllowedAt: null },
      { latest: copy({ state: "building", progress: { done: 10, total: 40 } }), nextAllowedAt: nextDay },
      { latest: ready, nextAllowedAt: nextDay },
    ]);
    show();
    await userEvent.click(await screen.findByRole("button", { name: "Download your data" }));
    expect(asked()).toBe(1);
    expect(
      await screen.findByRole("progressbar", { name: "How much of your copy is ready" }),
    ).toHaveAttribute("value", "10");
    expect(screen.getByText(/Preparing your copy, asked .*: 25 %/)).toBeInTheDocument();
    const link = await screen.findByRole("link", { name: "Download the zip" }, { timeout: 5000 });
    expect(link).toHaveAttribute("href", ready.downloadUrl);
    expect(screen.getByRole("status")).toHaveTextContent("Your copy is ready to download.");
    expect(screen.getByText(/Your copy is ready \(3\.3 MB\)/)).toBeInTheDocument();
    // One a day: no button until then, and the day said.
    expect(screen.queryByRole("button", { name: /copy|data/ })).toBeNull();
    expect(screen.getByText(/You can ask for another copy from .* \(one a day\)/)).toBeInTheDocument();
  });

  it("says a refusal in the server's words and keeps the button", async () => {
    signInAs(aUser());
    exportServer([{ latest: null, nextAllowedAt: null }], () =>
      HttpResponse.json(
        {
          message: "You asked for a copy of your data less than a day ago (one a day). Try again in 3 hours.",
        },
        { status: 429, headers: { "Retry-After": "10800" } },
      ),
    );
    show();
    await userEvent.click(await screen.findByRole("button", { name: "Download your data" }));
    expect(
      await screen.findByText(/less than a day ago \(one a day\)\. Try again in 3 hours/),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download your data" })).toBeEnabled();
  });

  it("tells of a copy that expired or failed, and offers a new one", async () => {
    signInAs(aUser());
    exportServer([{ latest: copy({ state: "failed" }), nextAllowedAt: null }]);
    show();
    expect(await screen.findByText(/We could not prepare your copy asked/)).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("We could not prepare your copy.");
    expect(screen.getByRole("button", { name: "Ask for a new copy" })).toBeEnabled();
  });
});
