import type { SitePage } from "#shared/site-pages.ts";

/**
 * What a page asks of its reader and of the server, carried in its route's `handle`: the page's guard in
 * the browser (app/page-guard.tsx) and the server's rendering (entry-server.tsx) read it there.
 */
export type PageRules = {
  /**
   * The server renders the page into its HTML (ADR 022, 037): a member's page only for a signed-in member.
   * The others the browser renders itself.
   */
  rendered: boolean;
} & (
  | {
      /**
       * - anyone: every visitor.
       * - member: a signed-in member; a visitor is sent to sign in and brought back afterwards. Kept out
       *   of search engines (a robots meta tag, and `X-Robots-Tag` from the server).
       * - signed-out: a page for signing in; someone who arrives signed in is sent on where they were going.
       */
      access: "anyone" | "member" | "signed-out";
    }
  | {
      /**
       * A moderator or administrator, signed in as for a member's page; another member is told plainly
       * that the page is not for them (the server checks the role again on every call).
       */
      access: "team";
      /** The page as that refusal names it: "The moderation queue is for the site's moderators…". */
      name: string;
    }
);

/** A page of the web app. */
export type Page = PageRules & {
  /** Its path pattern, in full: `:name` is one path segment. */
  path: string;
  /** Around it: the site's header and footer, the dashboard's sidebar, or nothing (the sign-in pages). */
  layout: "main" | "dashboard" | "bare";
  /** Its URL with what it shows: built here, never typed by hand elsewhere. */
  getHref?: (...args: never[]) => string;
} & (
    | {
        /**
         * Its route module under app/routes and the component it exports for the page. Named rather than
         * imported: every layer builds URLs from this file, and only app/ may import a route. The module
         * may export `pageData` or `memberData` too: the data the server renders the page with, for anyone or
         * for a signed-in member (lib/member-data.ts).
         */
        module: string;
        component: string;
      }
    | {
        /** Where the page sends its visitor at once. */
        redirectTo: string;
      }
  );

/**
 * Every page of the web app, declared once (ADR 056): its URL, its layout, what draws it and its rules.
 * The router and its guard, the server's rendering and the server's answers (200 for a page, 404 for any
 * other path, `noindex` for a member's) all read this list: a new page is an entry here and its module.
 */
export const paths = {
  home: {
    path: "/",
    getHref: () => "/",
    layout: "main",
    module: "home.tsx",
    component: "HomeRoute",
    access: "anyone",
    rendered: true,
  },
  exploreGardeners: {
    path: "/explore-gardeners",
    getHref: (page?: number) => (page && page > 1 ? `/explore-gardeners?page=${page}` : "/explore-gardeners"),
    layout: "main",
    module: "explore-gardeners.tsx",
    component: "ExploreGardenersRoute",
    access: "anyone",
    rendered: true,
  },
  browseTips: {
    path: "/browse-tips",
    getHref: (query?: string) =>
      query ? `/browse-tips?${new URLSearchParams({ q: query })}` : "/browse-tips",
    layout: "main",
    module: "browse-tips.tsx",
    component: "BrowseTipsRoute",
    access: "anyone",
    rendered: true,
  },
  shareTip: {
    path: "/share-garden-tip",
    getHref: () => "/share-garden-tip",
    layout: "main",
    module: "share-tip.tsx",
    component: "ShareTipRoute",
    access: "member",
    rendered: false,
  },
  /** The previous version's footer linked here, to a page it never had: it redirects to shareTip. */
  shareTipLegacy: {
    path: "/share-a-garden-tip",
    layout: "main",
    redirectTo: "/share-garden-tip",
    access: "anyone",
    rendered: false,
  },
  myTips: {
    path: "/my-tips",
    getHref: () => "/my-tips",
    layout: "main",
    module: "my-tips.tsx",
    component: "MyTipsRoute",
    access: "member",
    rendered: true,
  },
  tip: {
    path: "/tips/:id",
    getHref: (id: string) => `/tips/${encodeURIComponent(id)}`,
    layout: "main",
    module: "tip-details.tsx",
    component: "TipDetailsRoute",
    access: "member",
    rendered: true,
  },
  updateTip: {
    path: "/update-tip/:id",
    getHref: (id: string) => `/update-tip/${encodeURIComponent(id)}`,
    layout: "main",
    module: "update-tip.tsx",
    component: "UpdateTipRoute",
    access: "member",
    rendered: false,
  },
  dashboard: {
    root: {
      path: "/dashboard",
      getHref: () => "/dashboard",
      layout: "dashboard",
      module: "dashboard/overview.tsx",
      component: "DashboardOverviewRoute",
      access: "member",
      // Its frame: the figures are left to the browser (ADR 037).
      rendered: true,
    },
    allTips: {
      path: "/dashboard/all-tips",
      getHref: () => "/dashboard/all-tips",
      layout: "dashboard",
      module: "dashboard/all-tips.tsx",
      component: "DashboardAllTipsRoute",
      access: "member",
      rendered: false,
    },
    myTips: {
      path: "/dashboard/my-tips",
      getHref: () => "/dashboard/my-tips",
      layout: "dashboard",
      module: "dashboard/my-tips.tsx",
      component: "DashboardMyTipsRoute",
      access: "member",
      rendered: true,
    },
    addTip: {
      path: "/dashboard/add-tip",
      getHref: () => "/dashboard/add-tip",
      layout: "dashboard",
      module: "dashboard/add-tip.tsx",
      component: "DashboardAddTipRoute",
      access: "member",
      rendered: false,
    },
  },
  auth: {
    login: {
      path: "/auth/login",
      getHref: () => "/auth/login",
      layout: "bare",
      module: "auth/login.tsx",
      component: "LoginRoute",
      access: "signed-out",
      rendered: true,
    },
    signup: {
      path: "/auth/signup",
      getHref: () => "/auth/signup",
      layout: "bare",
      module: "auth/signup.tsx",
      component: "SignupRoute",
      access: "signed-out",
      rendered: true,
    },
    reset: {
      path: "/auth/reset",
      getHref: () => "/auth/reset",
      layout: "bare",
      module: "auth/reset.tsx",
      component: "ResetRoute",
      access: "anyone",
      rendered: true,
    },
  },
  gardener: {
    path: "/gardeners/:handle",
    getHref: (handle: string) => `/gardeners/${encodeURIComponent(handle)}`,
    layout: "main",
    module: "gardener-page.tsx",
    component: "GardenerRoute",
    access: "anyone",
    rendered: true,
  },
  profile: {
    path: "/profile",
    getHref: () => "/profile",
    layout: "main",
    module: "profile.tsx",
    component: "ProfileRoute",
    access: "member",
    rendered: false,
  },
  moderation: {
    path: "/moderation",
    getHref: () => "/moderation",
    layout: "main",
    module: "moderation.tsx",
    component: "ModerationRoute",
    access: "team",
    name: "The moderation queue",
    rendered: true,
  },
  moderationLog: {
    path: "/moderation/log",
    getHref: () => "/moderation/log",
    layout: "main",
    module: "moderation-log.tsx",
    component: "ModerationLogRoute",
    access: "team",
    name: "The moderation log",
    rendered: false,
  },
  notifications: {
    path: "/notifications",
    getHref: () => "/notifications",
    layout: "main",
    module: "notifications.tsx",
    component: "NotificationsRoute",
    access: "member",
    rendered: false,
  },
  bookmarks: {
    path: "/bookmarks",
    getHref: () => "/bookmarks",
    layout: "main",
    module: "bookmarks.tsx",
    component: "BookmarksRoute",
    access: "member",
    rendered: false,
  },
  myReports: {
    path: "/reports",
    getHref: () => "/reports",
    layout: "main",
    module: "my-reports.tsx",
    component: "MyReportsRoute",
    access: "member",
    rendered: false,
  },
  /** A decision e-mail's appeal link; its token is in the fragment. */
  appeal: {
    path: "/appeal",
    getHref: () => "/appeal",
    layout: "main",
    module: "appeal.tsx",
    component: "AppealRoute",
    access: "anyone",
    rendered: false,
  },
  /**
   * A notification e-mail's way out: the page asks before it unsubscribes (mail scanners open links); a mail
   * client's one-click POST to the same address unsubscribes at once.
   */
  unsubscribe: {
    path: "/unsubscribe/:token",
    getHref: (token: string) => `/unsubscribe/${encodeURIComponent(token)}`,
    layout: "main",
    module: "unsubscribe.tsx",
    component: "UnsubscribeRoute",
    access: "anyone",
    rendered: false,
  },
  moderationReport: {
    path: "/moderation-report",
    getHref: () => "/moderation-report",
    layout: "main",
    module: "moderation-report.tsx",
    component: "ModerationReportRoute",
    access: "anyone",
    rendered: false,
  },
  calendar: {
    path: "/calendar",
    getHref: () => "/calendar",
    layout: "main",
    module: "calendar.tsx",
    component: "CalendarRoute",
    access: "anyone",
    rendered: true,
  },
  crop: {
    path: "/crops/:slug",
    getHref: (slug: string) => `/crops/${encodeURIComponent(slug)}`,
    layout: "main",
    module: "crop.tsx",
    component: "CropRoute",
    access: "anyone",
    rendered: true,
  },
  privacy: {
    path: "/privacy",
    getHref: () => "/privacy",
    layout: "main",
    module: "privacy.tsx",
    component: "PrivacyRoute",
    access: "anyone",
    rendered: true,
  },
  terms: {
    path: "/terms",
    getHref: () => "/terms",
    layout: "main",
    module: "terms.tsx",
    component: "TermsRoute",
    access: "anyone",
    rendered: true,
  },
} as const satisfies Record<string, Page | Record<string, Page>>;

const isPage = (entry: Page | Record<string, Page>): entry is Page => typeof entry.path === "string";

/** Every page of `paths`, its groups (the dashboard's, the sign-in pages) opened. */
export const pages: readonly Page[] = (Object.values(paths) as Array<Page | Record<string, Page>>).flatMap(
  (entry) => (isPage(entry) ? [entry] : Object.values(entry)),
);

/**
 * The pages as the server needs them: it answers 200 for these and 404 for any other path, and marks a
 * member's pages `noindex`. The server renderer (entry-server.tsx) exports them for `npm run build`.
 */
export const sitePages: SitePage[] = pages.map(({ path, access }) => ({
  path,
  member: access === "member" || access === "team",
}));
