import { Navigate, type RouteObject } from "react-router";
import { BareLayout } from "#web/app/layouts/bare-layout.tsx";
import { MainLayout } from "#web/app/layouts/main-layout.tsx";
import { RootLayout } from "#web/app/layouts/root-layout.tsx";
import { FullPageLoader } from "#web/components/ui/loading-state.tsx";
import { paths } from "#web/config/paths.ts";
import { RequireAuth } from "#web/features/auth/components/require-auth.tsx";
import { NotFoundRoute } from "./routes/not-found.tsx";
import { RouteErrorBoundary } from "./routes/route-error.tsx";

/** Every page of the app: the browser's router and the server's renderer (entry-server.tsx) share them. */
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
            path: paths.home.path,
            lazy: async () => ({ Component: (await import("./routes/home.tsx")).HomeRoute }),
          },
          {
            path: paths.exploreGardeners.path,
            lazy: async () => ({
              Component: (await import("./routes/explore-gardeners.tsx")).ExploreGardenersRoute,
            }),
          },
          {
            path: paths.gardener.path,
            lazy: async () => ({ Component: (await import("./routes/gardener-page.tsx")).GardenerRoute }),
          },
          {
            path: paths.browseTips.path,
            lazy: async () => ({ Component: (await import("./routes/browse-tips.tsx")).BrowseTipsRoute }),
          },
          { path: paths.shareTipLegacy.path, element: <Navigate to={paths.shareTip.getHref()} replace /> },
          {
            // Login required; visitors go to /auth/login and come back afterwards.
            element: <RequireAuth />,
            children: [
              {
                path: paths.shareTip.path,
                lazy: async () => ({ Component: (await import("./routes/share-tip.tsx")).ShareTipRoute }),
              },
              {
                path: paths.myTips.path,
                lazy: async () => ({ Component: (await import("./routes/my-tips.tsx")).MyTipsRoute }),
              },
              {
                path: paths.tip.path,
                lazy: async () => ({
                  Component: (await import("./routes/tip-details.tsx")).TipDetailsRoute,
                }),
              },
              {
                path: paths.updateTip.path,
                lazy: async () => ({ Component: (await import("./routes/update-tip.tsx")).UpdateTipRoute }),
              },
              {
                path: paths.profile.path,
                lazy: async () => ({ Component: (await import("./routes/profile.tsx")).ProfileRoute }),
              },
              {
                path: paths.myReports.path,
                lazy: async () => ({ Component: (await import("./routes/my-reports.tsx")).MyReportsRoute }),
              },
              {
                path: paths.moderation.path,
                lazy: async () => ({ Component: (await import("./routes/moderation.tsx")).ModerationRoute }),
              },
              {
                path: paths.moderationLog.path,
                lazy: async () => ({
                  Component: (await import("./routes/moderation.tsx")).ModerationLogRoute,
                }),
              },
            ],
          },
          {
            path: paths.appeal.path,
            lazy: async () => ({ Component: (await import("./routes/appeal.tsx")).AppealRoute }),
          },
          {
            path: paths.moderationReport.path,
            lazy: async () => ({
              Component: (await import("./routes/moderation-report.tsx")).ModerationReportRoute,
            }),
          },
          {
            path: paths.privacy.path,
            lazy: async () => ({ Component: (await import("./routes/privacy.tsx")).PrivacyRoute }),
          },
          {
            path: paths.terms.path,
            lazy: async () => ({ Component: (await import("./routes/terms.tsx")).TermsRoute }),
          },
          { path: "*", element: <NotFoundRoute /> },
        ],
      },
      {
        // The dashboard has a layout of its own: a sidebar instead of the navbar and footer.
        element: <RequireAuth />,
        errorElement: <RouteErrorBoundary />,
        children: [
          {
            path: paths.dashboard.root.path,
            lazy: async () => ({
              Component: (await import("./layouts/dashboard-layout.tsx")).DashboardLayout,
            }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import("./routes/dashboard/overview.tsx")).DashboardOverviewRoute,
                }),
              },
              {
                path: paths.dashboard.allTips.path,
                lazy: async () => ({
                  Component: (await import("./routes/dashboard/all-tips.tsx")).DashboardAllTipsRoute,
                }),
              },
              {
                path: paths.dashboard.myTips.path,
                lazy: async () => ({
                  Component: (await import("./routes/dashboard/my-tips.tsx")).DashboardMyTipsRoute,
                }),
              },
              {
                path: paths.dashboard.addTip.path,
                lazy: async () => ({
                  Component: (await import("./routes/dashboard/add-tip.tsx")).DashboardAddTipRoute,
                }),
              },
              { path: "*", element: <NotFoundRoute /> },
            ],
          },
        ],
      },
      {
        element: <BareLayout />,
        errorElement: <RouteErrorBoundary />,
        children: [
          {
            path: paths.auth.login.path,
            lazy: async () => ({ Component: (await import("./routes/auth/login.tsx")).LoginRoute }),
          },
          {
            path: paths.auth.signup.path,
            lazy: async () => ({ Component: (await import("./routes/auth/signup.tsx")).SignupRoute }),
          },
          {
            path: paths.auth.reset.path,
            lazy: async () => ({ Component: (await import("./routes/auth/reset.tsx")).ResetRoute }),
          },
        ],
      },
    ],
  },
];
