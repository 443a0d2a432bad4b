/** Every URL of the web app, built here and never typed by hand elsewhere. */
export const paths = {
  home: { path: "/", getHref: () => "/" },
  exploreGardeners: {
    path: "/explore-gardeners",
    getHref: (page?: number) => (page && page > 1 ? `/explore-gardeners?page=${page}` : "/explore-gardeners"),
  },
  browseTips: {
    path: "/browse-tips",
    getHref: (query?: string) =>
      query ? `/browse-tips?${new URLSearchParams({ q: query })}` : "/browse-tips",
  },
  shareTip: { path: "/share-garden-tip", getHref: () => "/share-garden-tip" },
  /** The previous version's footer linked here, to a page it never had: it redirects to shareTip. */
  shareTipLegacy: { path: "/share-a-garden-tip" },
  myTips: { path: "/my-tips", getHref: () => "/my-tips" },
  tip: { path: "/tips/:id", getHref: (id: string) => `/tips/${encodeURIComponent(id)}` },
  updateTip: { path: "/update-tip/:id", getHref: (id: string) => `/update-tip/${encodeURIComponent(id)}` },
  dashboard: {
    root: { path: "/dashboard", getHref: () => "/dashboard" },
    allTips: { path: "all-tips", getHref: () => "/dashboard/all-tips" },
    myTips: { path: "my-tips", getHref: () => "/dashboard/my-tips" },
    addTip: { path: "add-tip", getHref: () => "/dashboard/add-tip" },
  },
  auth: {
    login: { path: "/auth/login", getHref: () => "/auth/login" },
    signup: { path: "/auth/signup", getHref: () => "/auth/signup" },
    reset: { path: "/auth/reset", getHref: () => "/auth/reset" },
  },
  gardener: {
    path: "/gardeners/:handle",
    getHref: (handle: string) => `/gardeners/${encodeURIComponent(handle)}`,
  },
  profile: { path: "/profile", getHref: () => "/profile" },
  moderation: { path: "/moderation", getHref: () => "/moderation" },
  moderationLog: { path: "/moderation/log", getHref: () => "/moderation/log" },
  myReports: { path: "/reports", getHref: () => "/reports" },
  /** A decision e-mail's appeal link; its token is in the fragment. */
  appeal: { path: "/appeal", getHref: () => "/appeal" },
  moderationReport: { path: "/moderation-report", getHref: () => "/moderation-report" },
  privacy: { path: "/privacy", getHref: () => "/privacy" },
  terms: { path: "/terms", getHref: () => "/terms" },
} as const;
