import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { aTip, aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { TipDetails } from "./tip-details.tsx";

const renderDetails = (id: string) =>
  renderRoutes([{ path: "/tips/:id", element: <TipDetails id={id} /> }], { route: `/tips/${id}` });

describe("Like", () => {
  it("shows the like at once and keeps it when the server agrees", async () => {
    signInAs(aUser());
    const tip = aTip({ totalLiked: 1, likedByMe: false });
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get("*/api/tips/:id", () => HttpResponse.json(tip)),
      http.post("*/api/tips/:id/like", async () => {
        await answered;
        return HttpResponse.json({ liked: true, totalLiked: 2 });
      }),
      http.get("*/api/tips", () => HttpResponse.json([])),
    );
    renderDetails(tip._id);
    expect(await screen.findByText("1 like")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Like" }));
    // Before the server has answered.
    expect(screen.getByRole("button", { name: "Liked" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("2 likes")).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getByRole("button", { name: "Liked" })).toBeEnabled());
    expect(screen.getByText("2 likes")).toBeInTheDocument();
  });

  it("takes the like back and says so when the server refuses it", async () => {
    signInAs(aUser());
    const tip = aTip({ totalLiked: 4, likedByMe: true });
    server.use(
      http.get("*/api/tips/:id", () => HttpResponse.json(tip)),
      http.delete("*/api/tips/:id/like", () => HttpResponse.json({ message: "boom" }, { status: 500 })),
    );
    renderDetails(tip._id);
    expect(await screen.findByText("4 likes")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Liked" }));
    expect(await screen.findByText(/Your like could not be saved/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Liked" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("4 likes")).toBeInTheDocument();
  });
});
