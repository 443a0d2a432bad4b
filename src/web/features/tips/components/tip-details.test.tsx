import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aTip, aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { TipDetails } from "./tip-details.tsx";

const renderDetails = (id: string) =>
  renderRoutes([{ path: "/tips/:id", element: <TipDetails id={id} /> }], { route: `/tips/${id}` });

describe("A tip on hold", () => {
  it("is a placeholder page for everyone but its author, not a missing tip", async () => {
    server.use(
      http.get("*/api/tips/:id", () =>
        HttpResponse.json({ message: "Hidden pending review" }, { status: 404 }),
      ),
    );
    renderDetails("00000000-0000-4000-9000-000000000001");
    expect(await screen.findByRole("heading", { name: "Hidden pending review" })).toBeVisible();
    expect(
      screen.getByText("Members reported this tip. It is hidden until a moderator has looked at it."),
    ).toBeVisible();
    expect(screen.queryByRole("heading", { name: "This tip cannot be found" })).not.toBeInTheDocument();
  });

  it("shows its author why, and offers the one change that asks for it back", async () => {
    const me = aUser({ email: "grower@example.com" });
    signInAs(me);
    const tip = aTip({ email: me.email, hold: { reason: "spam", onAccount: false, reviewAskedAt: null } });
    server.use(http.get("*/api/tips/:id", () => HttpResponse.json(tip)));
    renderDetails(tip._id);
    const heading = await screen.findByText("Hidden pending review: reported as spam");
    const notice = heading.closest('[role="status"]');
    expect(notice).toHaveTextContent("You may change it once to ask for it to be shown again.");
    expect(screen.getByRole("link", { name: "Change it" })).toHaveAttribute("href", `/update-tip/${tip._id}`);
  });

  it("tells its author once they have asked, and offers no second change", async () => {
    const me = aUser({ email: "asked@example.com" });
    signInAs(me);
    const tip = aTip({
      email: me.email,
      hold: { reason: "off-topic", onAccount: false, reviewAskedAt: "2026-11-20T10:00:00.000Z" },
    });
    server.use(http.get("*/api/tips/:id", () => HttpResponse.json(tip)));
    renderDetails(tip._id);
    expect(
      await screen.findByText(/You changed it on Nov 20, 2026 and asked for it to be shown again/),
    ).toBeVisible();
    expect(screen.queryByRole("link", { name: "Change it" })).not.toBeInTheDocument();
  });
});

describe("A tip's author", () => {
  it.each([
    ["moderator", "Moderator"],
    [undefined, null],
  ] as const)("carries the team's role beside the name (%s)", async (authorRole, badge) => {
    signInAs(aUser({ email: "reader@example.com" }));
    const tip = aTip({ name: "Mia Moss", ...(authorRole ? { authorRole } : {}) });
    server.use(http.get("*/api/tips/:id", () => HttpResponse.json(tip)));
    renderDetails(tip._id);
    expect(await screen.findByRole("link", { name: "Mia Moss" })).toBeVisible();
    if (badge) expect(screen.getByText(badge)).toBeVisible();
    else expect(screen.queryByText(/^(Moderator|Administrator)$/)).toBeNull();
  });
});

describe("A tip's photo", () => {
  it("offers the full photo to look closer, and nothing for a tip without one", async () => {
    const withPhoto = aTip({
      title: "With a photo",
      images: "https://garden.example/uploads/abc-800x600.webp",
    });
    const without = aTip({
      title: "Without a photo",
      images: "https://garden.example/images/default-plant.svg",
    });
    server.use(
      http.get("*/api/tips/:id", ({ params }) =>
        HttpResponse.json(params.id === without._id ? without : withPhoto),
      ),
    );
    const shown = renderDetails(withPhoto._id);
    expect(await screen.findByRole("link", { name: /Open the full photo/ })).toHaveAttribute(
      "href",
      withPhoto.images,
    );
    shown.unmount();
    renderDetails(without._id);
    expect(await screen.findByRole("heading", { name: "Without a photo" })).toBeVisible();
    expect(screen.queryByRole("link", { name: /Open the full photo/ })).not.toBeInTheDocument();
  });
});
