import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import { BareLayout } from "#web/app/layouts/bare-layout.tsx";
import { MainLayout } from "#web/app/layouts/main-layout.tsx";
import { RootLayout } from "#web/app/layouts/root-layout.tsx";
import { FullPageLoader } from "#web/components/ui/loading-state.tsx";
import { type Page, type PageRules, pages, paths } from "#web/config/paths.ts";
import type { MemberData, PageData } from "#web/lib/member-data.ts";
import { PageGuard } from "./page-guard.tsx";
import { NotFoundRoute } from "./routes/not-found.tsx";
import { RouteErrorBoundary } from "./routes/route-error.tsx";

/**
 * What a page's route module exports: its component, named in paths.ts, and perhaps the data the server
 * renders it with: `pageData` for anyone, `memberData` for a signed-in member.
 */
interface PageModule {
  pageData?: PageData;
  memberData?: MemberData;
  [name: string]: unknown;
}

type DrawnPage = Extract<Page, { module: string }>;

/**
 * The route modules, each loaded (a file of its own) when its page is first opened. The not-found page
 * and the error boundary are not among them: every page may need them at once.
 */
const modules = import.meta.glob<PageModule>([
  "./routes/**/*.tsx",
  "!./routes/**/*.test.tsx",
  "!./routes/not-found.tsx",
  "!./routes/route-error.tsx",
]);

// A page whose module is missing fails the app's start (and every test of it), not its first visitor.
for (const page of pages)
  if ("module" in page && !modules[`./routes/${page.module}`])
    throw new Error(
      `config/paths.ts names app/routes/${page.module} for ${page.path}: there is no such file`,
    );

/** The route module that draws `page`. */
export function pageModule(page: DrawnPage): Promise<PageModule> {
  const load = modules[`./routes/${page.module}`];
  if (!load) throw new Error(`There is no route module app/routes/${page.module}`);
  return load();
}

/** `page`'s route, as its declaration says; the one at its layout's own path is the layout's index. */
function pageRoute(page: Page, index = false): RouteObject {
  const at = index ? { index: true as const } : { path: page.path };
  if ("redirectTo" in page)
    return { ...at, handle: page, element: <Navigate to={page.redirectTo} replace /> };
  return {
    ...at,
    handle: page,
    lazy: async () => {
      const Component = (await pageModule(page))[page.component];
      if (typeof Component !== "function")
        throw new Error(`app/routes/${page.module} exports no component ${page.component}`);
      return { Component: Component as ComponentType };
    },
  };
}

const pagesIn = (layout: Page["layout"]) => pages.filter((page) => page.layout === layout);
const dashboard = paths.dashboard.root.path;

/** The not-found page, for any other path; in the dashboard, its own, behind sign-in like the rest of it. */
const notFound = (rules: PageRules): RouteObject => ({
  path: "*",
  element: <NotFoundRoute />,
  handle: rules,
});

/**
 * Every page of the app, built from their declaration (config/paths.ts): the browser's router and the
 * server's renderer (entry-server.tsx) share them. Each layout's pages sit under one guard (PageGuard),
 * which applies the open page's access.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    // While the first page's code loads (every page is lazy): the same full-screen spinner as the session.
    hydrateFallbackElement: <FullPageLoader label="Loading…" />,
    children: [
      {
        element: <MainLayout />,
        errorElement: <RouteErrorBoundary />,
        children: [
          {
            // Inside the layout: the header and footer show while a member's page checks the session.
            element: <PageGuard />,
            children: [
              ...pagesIn("main").map((page) => pageRoute(page)),
              notFound({ access: "anyone", rendered: true }),
            ],
          },
        ],
      },
      {
        // The dashboard has a layout of its own: a sidebar instead of the navbar and footer. Its guard is
        // outside it: a visitor sees no sidebar before being sent to sign in.
        element: <PageGuard />,
        errorElement: <RouteErrorBoundary />,
        children: [
          {
            path: dashboard,
            lazy: async () => ({
              Component: (await import("./layouts/dashboard-layout.tsx")).DashboardLayout,
            }),
            children: [
              ...pagesIn("dashboard").map((page) => pageRoute(page, page.path === dashboard)),
              notFound({ access: "member", rendered: true }),
            ],
          },
        ],
      },
      {
        element: <BareLayout />,
        errorElement: <RouteErrorBoundary />,
        children: [{ element: <PageGuard />, children: pagesIn("bare").map((page) => pageRoute(page)) }],
      },
    ],
  },
];
