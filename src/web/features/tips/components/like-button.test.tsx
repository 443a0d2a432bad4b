import { act, screen, waitFor } from "@testing-library/react";
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

  it("takes the like back on the tip still shown when the connection is gone, the tip's reload failing too", async () => {
    signInAs(aUser());
    const tip = aTip({ totalLiked: 0, likedByMe: false });
    let online = true;
    let reloadsRefused = 0;
    server.use(
      http.get("*/api/tips/:id", () => {
        if (online) return HttpResponse.json(tip);
        reloadsRefused++;
        return HttpResponse.error();
      }),
      http.post("*/api/tips/:id/like", () => HttpResponse.error()),
    );
    renderDetails(tip._id);
    expect(await screen.findByText("0 likes")).toBeInTheDocument();
    online = false;
    await userEvent.click(screen.getByRole("button", { name: "Like" }));
    expect(await screen.findByText(/Your like could not be saved: We could not reach/)).toBeInTheDocument();
    // The tip's own reload after the refusal fails as well; what was shown a moment ago stays.
    await waitFor(() => expect(reloadsRefused).toBe(1));
    // Once the failed reload has been taken in by the page.
    await act(async () => {});
    expect(screen.getByRole("heading", { level: 1, name: tip.title })).toBeInTheDocument();
    expect(screen.getByText("0 likes")).toBeInTheDocument();
  });

  it("takes a second press while the first is saved: the requests go in order, no flicker back", async () => {
    signInAs(aUser());
    const tip = aTip({ totalLiked: 3, likedByMe: false });
    const order: string[] = [];
    let releaseLike: () => void = () => {};
    const likeAnswered = new Promise<void>((resolve) => {
      releaseLike = resolve;
    });
    server.use(
      http.get("*/api/tips/:id", () => HttpResponse.json(tip)),
      http.get("*/api/tips", () => HttpResponse.json([])),
      http.post("*/api/tips/:id/like", async () => {
        order.push("like");
        await likeAnswered;
        return HttpResponse.json({ liked: true, totalLiked: 4 });
      }),
      http.delete("*/api/tips/:id/like", () => {
        order.push("unlike");
        return HttpResponse.json({ liked: false, totalLiked: 3 });
      }),
    );
    renderDetails(tip._id);
    await userEvent.click(await screen.findByRole("button", { name: "Like" }));
    expect(screen.getByText("4 likes")).toBeInTheDocument();
    const liked = screen.getByRole("button", { name: "Liked" });
    expect(liked).toBeEnabled();
    await userEvent.click(liked);
    expect(screen.getByRole("button", { name: "Like" })).toHaveFocus();
    expect(screen.getByText("3 likes")).toBeInTheDocument();
    // The unlike waits for the like's answer, and that answer does not show "Liked" again.
    expect(order).toEqual(["like"]);
    releaseLike();
    await waitFor(() => expect(order).toEqual(["like", "unlike"]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByText("3 likes")).toBeInTheDocument();
  });
});
