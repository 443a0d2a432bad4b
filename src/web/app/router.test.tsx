import { screen } from "@testing-library/react";
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { pages } from "#web/config/paths.ts";
import { aUser, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { pageModule, routes } from "./router.tsx";

/** A URL of `pattern`, each parameter filled in. */
const urlOf = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, "x1");

describe("the pages (config/paths.ts)", () => {
  it("each open at their own path, with their own rules", () => {
    for (const page of pages) {
      const opened = matchRoutes(routes, urlOf(page.path))?.at(-1)?.route.handle;
      expect(opened, page.path).toBe(page);
    }
  });

  it("are each drawn by the component their route module exports", async () => {
    for (const page of pages) {
      if (!("module" in page)) continue;
      const module = await pageModule(page);
      expect(typeof module[page.component], `${page.module} ${page.component}`).toBe("function");
    }
  });

  it("load a member's data only where the server renders them for a signed-in member", async () => {
    for (const page of pages) {
      if (!("module" in page) || !(await pageModule(page)).memberData) continue;
      expect({ page: page.path, rendered: page.rendered, access: page.access }).toEqual({
        page: page.path,
        rendered: true,
        access: expect.stringMatching(/^(member|team)$/),
      });
    }
  });

  it("load data for anyone only where the server renders the page for anyone", async () => {
    const withData: string[] = [];
    for (const page of pages) {
      if (!("module" in page) || !(await pageModule(page)).pageData) continue;
      withData.push(page.path);
      expect({ page: page.path, rendered: page.rendered, access: page.access }).toEqual({
        page: page.path,
        rendered: true,
        access: "anyone",
      });
    }
    expect(withData).toContain("/gardeners/:handle");
  });
});

describe("a page's guard", () => {
  it("sends a visitor who opens a member's page to sign in", async () => {
    const { router } = renderRoutes(routes, { route: "/profile" });
    expect(await screen.findByRole("heading", { name: "Login" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth/login");
  });

  it("sends a member who opens a sign-in page on where they were going", async () => {
    signInAs(aUser());
    const { router } = renderRoutes(routes, { route: "/auth/login?returnTo=%2Fterms" });
    expect(await screen.findByRole("heading", { name: "Terms of Use" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/terms");
  });
});
