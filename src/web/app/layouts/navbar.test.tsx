import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DEFAULT_AVATAR_IMAGE } from "#shared/constants.ts";
import { aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderWithProviders } from "#web/test/render.tsx";
import { Navbar } from "./navbar.tsx";

/** Opens the phone menu: the element the menu button controls. */
async function openMenu() {
  const button = await screen.findByRole("button", { name: "Open menu" });
  await userEvent.click(button);
  const menu = document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (!menu) throw new Error("the menu did not open");
  return menu;
}

describe("the header's way to moderation", () => {
  it("shows the team how many cases wait, on wide screens and in the phone menu", async () => {
    signInAs(aUser({ role: "moderator" }));
    server.use(http.get("*/api/moderation/queue/count", () => HttpResponse.json({ waiting: 3 })));
    renderWithProviders(<Navbar />);
    const link = await screen.findByRole("link", { name: "Moderation (3 waiting)" });
    expect(link.getAttribute("href")).toBe("/moderation");
    const menu = await openMenu();
    expect(within(menu).getByRole("link", { name: "Moderation (3 waiting)" }).getAttribute("href")).toBe(
      "/moderation",
    );
    expect(within(menu).getByRole("link", { name: "Your reports" }).getAttribute("href")).toBe("/reports");
  });

  it("gives a member their reports and no moderation, and never asks for the count", async () => {
    let asked = false;
    signInAs(aUser({ role: "member" }));
    server.use(
      http.get("*/api/moderation/queue/count", () => {
        asked = true;
        return HttpResponse.json({ waiting: 1 });
      }),
    );
    renderWithProviders(<Navbar />);
    const menu = await openMenu();
    expect(await within(menu).findByRole("link", { name: "Your reports" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: /^Moderation/ })).toBeNull();
    expect(asked).toBe(false);
  });
});

describe("the header's avatar", () => {
  it("falls back to the default avatar, as every other avatar does, when the photo fails", async () => {
    signInAs(aUser({ name: "Rosa B", image: "https://photos.example/gone.jpg" }));
    renderWithProviders(<Navbar />);
    const profile = await screen.findByRole("link", { name: "Rosa B: your profile" });
    const photo = within(profile).getByRole("img", { name: "Rosa B" });
    expect(photo).toHaveAttribute("src", "https://photos.example/gone.jpg");
    fireEvent.error(photo);
    expect(photo).toHaveAttribute("src", DEFAULT_AVATAR_IMAGE);
  });
});
