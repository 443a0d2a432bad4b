import type { GardenerListQuery } from "#shared/schemas/gardener.ts";
import type { TipListQuery } from "#shared/schemas/tip.ts";

/**
 * Every query key of the web app, from one factory: a mutation invalidates by these, never by keys typed
 * by hand, so a change to tips refreshes every list, count and figure that shows them.
 */
export const queryKeys = {
  session: ["session"] as const,
  config: ["config"] as const,
  passwordPolicy: ["password-policy"] as const,
  resetToken: (token: string) => ["reset-token", token] as const,
  crops: {
    /** The crops this site added to the calendar's shipped list. */
    site: ["crops", "site"] as const,
  },
  tips: {
    all: ["tips"] as const,
    lists: () => [...queryKeys.tips.all, "list"] as const,
    list: (params: Omit<TipListQuery, "cursor">) => [...queryKeys.tips.lists(), params] as const,
    detail: (id: string) => [...queryKeys.tips.all, "detail", id] as const,
    /** A crop page's tips for a place (the garden calendar). */
    crop: (slug: string, params: Record<string, string | number>) =>
      [...queryKeys.tips.all, "crop", slug, params] as const,
  },
  gardeners: {
    all: ["gardeners"] as const,
    list: (params: GardenerListQuery) => [...queryKeys.gardeners.all, "list", params] as const,
    /** The signed-in member's own page and settings. */
    profile: ["gardeners", "profile"] as const,
    /** A gardener's page, by handle as written in the address (any case names the same page). */
    page: (handle: string) => [...queryKeys.gardeners.all, "page", handle.toLowerCase()] as const,
    tips: (handle: string, params: { limit: number; offset: number }) =>
      [...queryKeys.gardeners.page(handle), "tips", params] as const,
    /** Whether the signed-in member follows them. */
    follow: (handle: string) => [...queryKeys.gardeners.all, "follow", handle.toLowerCase()] as const,
  },
  /** The signed-in member's sowing reminder for a crop. */
  sowingReminder: (crop: string) => ["sowing-reminder", crop] as const,
  comments: {
    all: ["comments"] as const,
    /** A tip's comments, every page read so far. */
    tip: (tipId: string) => [...queryKeys.comments.all, tipId] as const,
  },
  moderation: {
    all: ["moderation"] as const,
    queue: ["moderation", "queue"] as const,
    /** How many cases wait for the signed-in moderator. */
    waiting: ["moderation", "waiting"] as const,
    /** The signed-in member's own reports. */
    mine: ["moderation", "mine"] as const,
    /** The decisions about what the signed-in member posted. */
    notices: ["moderation", "notices"] as const,
    /** A decision opened from its e-mail's link. */
    byLink: (token: string) => ["moderation", "notice-by-link", token] as const,
    /** The public removals by month. */
    removals: ["moderation", "removals"] as const,
  },
  /** The members the signed-in member blocked. */
  blocks: ["blocks"] as const,
  bookmarks: {
    all: ["bookmarks"] as const,
    /** The signed-in member's bookmarks, every page read so far. */
    list: ["bookmarks", "list"] as const,
    /** Whether the signed-in member saved a tip, with their note and reminder. */
    tip: (tipId: string) => ["bookmarks", "tip", tipId] as const,
  },
  notifications: {
    all: ["notifications"] as const,
    /** The signed-in member's notifications (or those from new members), every page read so far. */
    list: (newcomers: boolean) => ["notifications", "list", { newcomers }] as const,
    /** How many wait unread: the bell. */
    unread: ["notifications", "unread"] as const,
    /** Whether the signed-in member muted a tip. */
    mute: (tipId: string) => ["notifications", "mute", tipId] as const,
  },
  /** The signed-in member's own settings (hemisphere, time zone). */
  settings: ["settings"] as const,
  /** The signed-in member's latest copy of their data, and when they may ask for another. */
  dataExport: ["data-export"] as const,
  /** Members' requests about their data, for administrators. */
  dataRequests: ["data-requests"] as const,
  dashboard: {
    all: ["dashboard"] as const,
    stats: () => [...queryKeys.dashboard.all, "stats"] as const,
  },
};

/** Queries that hold nothing of the signed-in user: they outlive a logout. */
export const PUBLIC_QUERY_ROOTS: readonly string[] = [
  queryKeys.session[0],
  queryKeys.config[0],
  queryKeys.passwordPolicy[0],
];
