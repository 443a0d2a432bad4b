/** Business constants shared by the server and the web app (spec sections 5 and 9, rulings 9 and 12). */

export const DIFFICULTIES = ["Easy", "Medium", "Hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Ruling 9: one category list everywhere, the union of both lists of spec section 5. */
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

/** Hidden and Private both mean "not listed" (ruling 6). */
export const AVAILABILITIES = ["Public", "Hidden", "Private"] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export const GARDENER_STATUSES = ["active", "inactive"] as const;
export type GardenerStatus = (typeof GARDENER_STATUSES)[number];

/** The orders of tip lists (spec section 9: newest, oldest, most liked, alphabetical). */
export const TIP_SORTS = ["newest", "oldest", "likes", "title"] as const;
export type TipSort = (typeof TIP_SORTS)[number];

export const TIP_SEARCH_MAX_LENGTH = 100;

/** Ruling 12. */
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

/** Shipped fallback images (spec section 3). */
export const DEFAULT_TIP_IMAGE = "/images/default-plant.svg";
export const DEFAULT_AVATAR_IMAGE = "/images/default-avatar.svg";

/** Ruling 15: lists page; the total travels in this header. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const TOTAL_COUNT_HEADER = "X-Total-Count";
/**
 * A text search counts its matches exactly up to this many; past it, X-Total-Count is this number and
 * `X-Total-Count-Exact: false` says it is a lower bound (issue 11: "1,000+ tips", honestly, in milliseconds:
 * at a million tips a word in one tip of nine is counted to 1,000 in about 5 ms, to 10,000 in about 18).
 */
export const SEARCH_COUNT_CAP = 1000;
export const TOTAL_COUNT_EXACT_HEADER = "X-Total-Count-Exact";

export const SOCIAL_NETWORKS = ["facebook", "twitter", "instagram", "linkedin"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
