import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { GardenerPage } from "#shared/schemas/gardener.ts";
import { aProfile, aTip, aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { GardenerRoute } from "./gardener-page.tsx";

const rosa: GardenerPage = {
  handle: "rosa_b",
  name: "Rosa B",
  image: "http://localhost/images/default-avatar.svg",
  status: "active",
  bio: "Clay soil in Leeds. Notes: https://example.com/rosa. <script>alert(1)</script>",
  location: "Leeds, UK",
  certifications: ["RHS Level 2"],
  memberSince: "2026-03-14T10:00:00.000Z",
  totalSharedTips: 2,
  totalLikesReceived: 1234,
  followers: 1,
  following: 12,
};

const renderPage = (handle: string) =>
  renderRoutes([{ path: "/gardeners/:handle", element: <GardenerRoute /> }], {
    route: `/gardeners/${handle}`,
  });

describe("A gardener's page", () => {
  it("shows who they are, their counts and their public tips, each linked to its author's page", async () => {
    const tips = [aTip({ title: "Mulch after rain", name: "Rosa B", authorHandle: "rosa_b" })];
    server.use(
      http.get("*/api/gardeners/rosa_b", () => HttpResponse.json(rosa)),
      http.get("*/api/gardeners/rosa_b/tips", () =>
        HttpResponse.json(tips, { headers: { "X-Total-Count": "2" } }),
      ),
    );
    renderPage("rosa_b");
    expect(await screen.findByRole("heading", { level: 1, name: "Rosa B" })).toBeInTheDocument();
    expect(screen.getByText("@rosa_b")).toBeInTheDocument();
    const count = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(count("Tips shared")).toBe("2");
    expect(count("Likes received")).toBe("1,234");
    expect(count("Follower")).toBe("1");
    expect(count("Following")).toBe("12");
    expect(count("Member since")).toBe("March 2026");
    const link = screen.getByRole("link", { name: "https://example.com/rosa" });
    expect(link).toHaveAttribute("rel", "nofollow ugc noopener");
    expect(screen.getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(document.querySelector("main script, script:not([src])")).toBeNull();
    expect(screen.getByText("Leeds, UK")).toBeInTheDocument();
    expect(screen.queryByText("Email")).not.toBeInTheDocument();
    const card = (await screen.findByRole("heading", { name: "Mulch after rain" })).closest(
      "article",
    ) as HTMLElement;
    expect(within(card).getByRole("link", { name: "Rosa B" })).toHaveAttribute("href", "/gardeners/rosa_b");
    expect(screen.getByText("2 tips")).toBeInTheDocument();
    // A visitor is offered no edit.
    expect(screen.queryByRole("link", { name: "Edit profile" })).not.toBeInTheDocument();
  });

  it("links a bio's www. addresses over https, as its other addresses, and leaves e-mail addresses as text", async () => {
    server.use(
      http.get("*/api/gardeners/rosa_b", () =>
        HttpResponse.json({
          ...rosa,
          bio: "My allotment blog: www.rosas-plot.example/notes. Write to rosa@example.com or see https://example.com/rosa",
        }),
      ),
      http.get("*/api/gardeners/rosa_b/tips", () =>
        HttpResponse.json([], { headers: { "X-Total-Count": "0" } }),
      ),
    );
    renderPage("rosa_b");
    const bio = (await screen.findByText(/My allotment blog/)) as HTMLElement;
    const www = within(bio).getByRole("link", { name: "www.rosas-plot.example/notes" });
    expect(www).toHaveAttribute("href", "https://www.rosas-plot.example/notes");
    const other = within(bio).getByRole("link", { name: "https://example.com/rosa" });
    for (const name of ["rel", "target"]) expect(www.getAttribute(name), name).toBe(other.getAttribute(name));
    expect(www.getAttribute("rel")?.split(" ")).toEqual(
      expect.arrayContaining(["nofollow", "ugc", "noopener"]),
    );
    expect(within(bio).getAllByRole("link")).toHaveLength(2);
    expect(bio).toHaveTextContent("Write to rosa@example.com or see");
  });

  it("offers its own member to edit it", async () => {
    const me = aUser({ name: "Rosa B" });
    signInAs(me);
    server.use(
      http.get("*/api/profile", () => HttpResponse.json(aProfile(me, { handle: "rosa_b" }))),
      http.get("*/api/gardeners/rosa_b", () => HttpResponse.json(rosa)),
      http.get("*/api/gardeners/rosa_b/tips", () =>
        HttpResponse.json([], { headers: { "X-Total-Count": "0" } }),
      ),
    );
    renderPage("rosa_b");
    expect(await screen.findByRole("link", { name: "Edit profile" })).toHaveAttribute("href", "/profile");
    expect(await screen.findByText("Rosa B has not shared a public tip yet.")).toBeInTheDocument();
  });

  it("offers a visitor to follow after signing in, and back here", async () => {
    server.use(
      http.get("*/api/gardeners/rosa_b", () => HttpResponse.json(rosa)),
      http.get("*/api/gardeners/rosa_b/tips", () =>
        HttpResponse.json([], { headers: { "X-Total-Count": "0" } }),
      ),
    );
    const { router } = renderRoutes(
      [
        { path: "/gardeners/:handle", element: <GardenerRoute /> },
        { path: "/auth/login", element: <p>Login page</p> },
      ],
      { route: "/gardeners/rosa_b" },
    );
    await userEvent.click(await screen.findByRole("link", { name: "Follow" }));
    expect(await screen.findByText("Login page")).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: { pathname: "/gardeners/rosa_b" } });
  });

  it("lets a member follow and unfollow, the count following the server's answer", async () => {
    signInAs(aUser({ name: "Fan" }));
    let followers = 1;
    let following = false;
    const answer = () => HttpResponse.json({ following, followers });
    server.use(
      http.get("*/api/gardeners/rosa_b", () => HttpResponse.json({ ...rosa, followers })),
      http.get("*/api/gardeners/rosa_b/tips", () =>
        HttpResponse.json([], { headers: { "X-Total-Count": "0" } }),
      ),
      http.get("*/api/gardeners/rosa_b/follow", answer),
      http.put("*/api/gardeners/rosa_b/follow", () => {
        if (!following) followers += 1;
        following = true;
        return answer();
      }),
      http.delete("*/api/gardeners/rosa_b/follow", () => {
        if (following) followers -= 1;
        following = false;
        return answer();
      }),
    );
    renderPage("rosa_b");
    const count = () => screen.getByText(/^Followers?$/).nextElementSibling?.textContent;
    await userEvent.click(await screen.findByRole("button", { name: "Follow" }));
    const pressed = await screen.findByRole("button", { name: "Following" });
    expect(pressed).toHaveAttribute("aria-pressed", "true");
    expect(count()).toBe("2");
    expect(await screen.findByText("You follow Rosa B")).toBeInTheDocument();
    await userEvent.click(pressed);
    expect(await screen.findByRole("button", { name: "Follow" })).toHaveAttribute("aria-pressed", "false");
    expect(count()).toBe("1");
  });

  it("takes a refused follow back and says why", async () => {
    signInAs(aUser({ name: "Fan" }));
    server.use(
      http.get("*/api/gardeners/rosa_b", () => HttpResponse.json(rosa)),
      http.get("*/api/gardeners/rosa_b/tips", () =>
        HttpResponse.json([], { headers: { "X-Total-Count": "0" } }),
      ),
      http.get("*/api/gardeners/rosa_b/follow", () => HttpResponse.json({ following: false, followers: 1 })),
      http.put("*/api/gardeners/rosa_b/follow", () =>
        HttpResponse.json({ message: "You cannot follow this member" }, { status: 403 }),
      ),
    );
    renderPage("rosa_b");
    await userEvent.click(await screen.findByRole("button", { name: "Follow" }));
    expect(await screen.findByText("You cannot follow this member")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Follow" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByText("Follower").nextElementSibling?.textContent).toBe("1");
  });

  it("says so when no gardener has the handle", async () => {
    server.use(
      http.get("*/api/gardeners/nobody", () =>
        HttpResponse.json({ message: "No gardener has that handle" }, { status: 404 }),
      ),
    );
    renderPage("nobody");
    expect(await screen.findByRole("heading", { name: "No gardener has this handle" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Explore gardeners" })).toHaveAttribute(
      "href",
      "/explore-gardeners",
    );
  });
});
