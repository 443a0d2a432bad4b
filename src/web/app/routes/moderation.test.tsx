import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aUser, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { routes } from "../router.tsx";

describe("the moderation pages for a member", () => {
  it.each([
    ["/moderation", "The moderation queue"],
    ["/moderation/log", "The moderation log"],
  ])("%s says plainly that it is for moderators, and leads home", async (route, page) => {
    signInAs(aUser({ role: "member" }));
    renderRoutes(routes, { route });
    expect(
      await screen.findByRole("heading", { name: "Only moderators can see this page" }),
    ).toBeInTheDocument();
    expect(screen.getByText(`${page} is for the site's moderators and administrators.`)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("heading", { name: /^Moderation/ })).not.toBeInTheDocument();
  });
});
