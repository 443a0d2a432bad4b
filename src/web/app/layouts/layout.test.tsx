import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpResponse, http, server } from "#web/test/msw.ts";
import { renderWithProviders } from "#web/test/render.tsx";
import { Footer } from "./footer.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

afterEach(() => {
  localStorage.clear();
  document.documentElement.setAttribute("data-theme", "light");
});

describe("Footer", () => {
  beforeEach(() => {
    server.use(
      http.get("*/api/config", () =>
        HttpResponse.json({
          social: { instagram: "https://instagram.com/garden", twitter: "https://x.com/garden" },
        }),
      ),
    );
  });

  it("shows only the configured social networks, and real policy links", async () => {
    renderWithProviders(<Footer />);
    const social = await screen.findByRole("list", { name: "Social media" });
    const links = within(social).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "https://x.com/garden",
      "https://instagram.com/garden",
    ]);
    expect(screen.queryByRole("link", { name: /Facebook/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    expect(screen.getByRole("link", { name: "Terms of Use" })).toHaveAttribute("href", "/terms");
    expect(screen.getByText(/© 2025 Gardening Community/)).toBeInTheDocument();
  });

  it("links tip sharing to the route that exists", () => {
    renderWithProviders(<Footer />);
    const nav = screen.getByRole("navigation", { name: "Footer" });
    expect(within(nav).getByRole("link", { name: "Share a Garden Tip" })).toHaveAttribute(
      "href",
      "/share-garden-tip",
    );
  });
});

describe("ThemeToggle", () => {
  it("switches between light and dark, on <html> and in storage", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ThemeToggle />);
    await user.click(screen.getByRole("button", { name: "Switch to dark theme" }));
    expect(document.documentElement).toHaveAttribute("data-theme", "dark");
    expect(localStorage.getItem("theme")).toBe("dark");
    await user.click(screen.getByRole("button", { name: "Switch to light theme" }));
    expect(document.documentElement).toHaveAttribute("data-theme", "light");
    expect(localStorage.getItem("theme")).toBe("light");
  });
});
