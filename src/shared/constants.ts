/** Business constants shared by the server and the web app, most of them from the specification. */

export const DIFFICULTIES = ["Easy", "Medium", "Hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/**
 * One category list everywhere (forms, filters, demo data): the specification's share form and dashboard
 * form had different lists, so this is the union of both, and a tip from either form fits every filter.
 */
export const CATEGORIES = [
  "Composting",
  "Plant Care",
  "Vertical Gardening",
  "Herbs & Spices",
  "Indoor Gardening",
  "Outdoor Gardening",
  "Vegetables",
  "Flowers",
  "Herbs",
  "Trees",
  "Gardening Tools",
  "Pest Control",
  "Soil & Composting",
  "Seasonal Care",
  "Other",
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * Hidden and Private both mean "not listed": in no public list, count, search or trending result, and a
 * 404 to anyone but the author. The simple forms offer Hidden and the dashboard Private, as the spec has it.
 */
export const AVAILABILITIES = ["Public", "Hidden", "Private"] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export const GARDENER_STATUSES = ["active", "inactive"] as const;

/**
 * What an account may do on the site: every account is a member; moderators act on reports; administrators
 * also appoint moderators (docs/product.md, Moderation).
 */
export const ROLES = ["member", "moderator", "administrator"] as const;
export type Role = (typeof ROLES)[number];
/** The roles a badge shows beside a name, wherever it shows: nobody can pass for the team unmarked. */
export const TEAM_ROLES = ["moderator", "administrator"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** A team role, or nothing for a member: what an answer carries as `role`. */
export const teamRoleOf = (role: Role): { role?: TeamRole } => (role === "member" ? {} : { role });

/** What a member can report, and why (docs/product.md, Moderation). */
export const REPORT_TARGETS = ["tip", "comment", "gardener", "photo"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_REASONS = [
  "spam",
  "rude or harassing",
  "off-topic",
  "copyright",
  "illegal",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * What a moderator may decide about a reported item: show it again (dismiss), hide it, delete it, warn its
 * author (and hide it), or suspend its author (and hide it) for one of SUSPENSION_HOURS.
 */
/**
 * What a moderator may decide about a case. `keep_hold` hides the item and keeps its author's account on the
 * hold that reports put on it, with no end of its own: only an appeal or an administrator's undo lifts it.
 */
export const MODERATION_ACTIONS = ["dismiss", "hide", "delete", "warn", "suspend", "keep_hold"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** How long a suspension lasts, in hours: a day, three days, a week, thirty days; null is indefinitely. */
export const SUSPENSION_HOURS = [24, 72, 168, 720] as const;
/** Reports waiting longer than this are pointed out to every moderator. */
export const OVERDUE_REPORT_HOURS = 48;
/** How long after a decision its author may appeal it (once). */
export const APPEAL_DAYS = 20;
/** The longest appeal a member may write, and the longest reason a moderator may give. */
export const APPEAL_NOTE_MAX = 1000;

/** Public tips an account may have while its e-mail is not confirmed; hidden and private ones are not counted. */
export const UNVERIFIED_PUBLIC_TIPS = 2;
/** The refusal of one more public tip from such an account (422): the form then offers both ways on. */
export const CONFIRM_EMAIL_FOR_PUBLIC_TIPS =
  "You can share more public tips once you confirm your e-mail: use the link we sent you, or send it again. Until then, you can save this tip as Hidden.";

/**
 * What everyone but its author sees in place of an item on hold while a case about it is open (or its
 * author's account waits on one), and the API's message for it.
 */
export const HIDDEN_PENDING_REVIEW = "Hidden pending review";
/** In place of an item a moderator decided to hide (or whose author they suspended), once decided. */
export const REMOVED_BY_MODERATORS = "Removed by the moderators";
/** An item on hold may be changed once by its author, which asks for it to be shown again. */
export const REVIEW_ALREADY_ASKED =
  "You already changed this once since it was hidden: a moderator will decide whether to show it again";
/** Why an account on hold may not post. */
export const ACCOUNT_ON_HOLD =
  "Your account is on hold until a moderator has looked at reports about it: you cannot post meanwhile";

/** The orders of tip lists: newest, oldest, most liked, alphabetical. */
export const TIP_SORTS = ["newest", "oldest", "likes", "title"] as const;
export type TipSort = (typeof TIP_SORTS)[number];

export const TIP_SEARCH_MAX_LENGTH = 100;

/** How many of the garden calendar's crops one tip may name. */
export const MAX_TIP_CROPS = 5;
/** How many crops a site may add to the shipped list: every calendar page carries them. */
export const MAX_SITE_CROPS = 200;

/** Length limits. The specification shows none; without them one request could store megabytes of text. */

export const LIMITS = {
  title: { min: 3, max: 120 },
  plantType: { min: 2, max: 60 },
  description: { min: 10, max: 5000 },
  displayName: { min: 1, max: 80 },
  url: { max: 2048 },
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const TRENDING_TIPS_LIMIT = 6;
export const REDIRECT_DELAY_MS = 2000;
export const COPYRIGHT_YEAR = 2025;

/** Shipped fallback images, shown when a tip or a user has no picture or it fails to load. */
export const DEFAULT_TIP_IMAGE = "/images/default-plant.svg";
export const DEFAULT_AVATAR_IMAGE = "/images/default-avatar.svg";

/** Lists page, as they can grow to a million rows; the total travels in this header. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const TOTAL_COUNT_HEADER = "X-Total-Count";
/** Where the next page of a list read by cursor starts (pass it back as `cursor`). */
export const NEXT_CURSOR_HEADER = "X-Next-Cursor";
/**
 * A text search counts its matches exactly up to this many; past it, X-Total-Count is this number and
 * `X-Total-Count-Exact: false` says it is a lower bound ("1,000+ tips"): counting every
 * match of a broad search took 218 ms at a million tips, while a word in one tip of nine is counted to
 * 1,000 in about 5 ms and to 10,000 in about 18 (ADR 022).
 */
export const SEARCH_COUNT_CAP = 1000;
export const TOTAL_COUNT_EXACT_HEADER = "X-Total-Count-Exact";

export const SOCIAL_NETWORKS = ["facebook", "twitter", "instagram", "linkedin"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
